//! The words of why `slider autograde` cannot grade with the JDK it found
//! ([`JdkError`]): which tool is missing where, or which version it is and
//! which ones slider grades with.

use std::fmt::{Display, Formatter, Result};

use crate::autograde::jdk::{JdkError, NEWEST, OLDEST};

/// What to install, said after every refusal.
const INSTALL: &str = "a JDK 17, 21 or 25 is needed (on Debian or Ubuntu: \
                       apt-get install openjdk-17-jdk-headless; JAVA_HOME selects one)";

impl Display for JdkError {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self {
            JdkError::Missing { tool, java_home } => {
                let place = match java_home {
                    Some(home) => format!("in {}/bin (JAVA_HOME)", home.display()),
                    None => "on PATH".to_string(),
                };
                write!(f, "`{tool}` not found {place}: {INSTALL}")
            }
            JdkError::Unreadable { java, said } => write!(
                f,
                "cannot tell which JDK {} is: no `release` file beside it gives \
                 its JAVA_VERSION, and `java -version` said: {said}; {INSTALL}",
                java.display()
            ),
            JdkError::Mixed { java, javac } => write!(
                f,
                "`java` and `javac` are of different JDKs: {} is {}, {} is {}; \
                 set JAVA_HOME to one JDK",
                java.0.display(),
                java.1,
                javac.0.display(),
                javac.1
            ),
            JdkError::Unsupported { home, version } => write!(
                f,
                "the JDK in {} is version {version}: slider autograde grades \
                 with JDK {OLDEST} to {NEWEST} only; {INSTALL}",
                home.display()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_jdk_says_its_version_and_what_to_install() {
        let old = JdkError::Unsupported {
            home: "/usr/lib/jvm/java-11".into(),
            version: "11.0.2".into(),
        };
        assert_eq!(
            old.to_string(),
            "the JDK in /usr/lib/jvm/java-11 is version 11.0.2: slider autograde grades \
             with JDK 17 to 25 only; a JDK 17, 21 or 25 is needed (on Debian or Ubuntu: \
             apt-get install openjdk-17-jdk-headless; JAVA_HOME selects one)"
        );
        let missing = JdkError::Missing {
            tool: "javac",
            java_home: None,
        };
        assert!(
            missing
                .to_string()
                .starts_with("`javac` not found on PATH: a JDK 17, 21 or 25"),
            "{missing}"
        );
    }
}
