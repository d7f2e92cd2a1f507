//! Starting a program: the shell wrapper that sets its resource limits,
//! bubblewrap's arguments, the side channel on descriptor 3.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::job::{Isolation, Job, Limits, Memory};
use super::tree::TOKEN;

/// Starts the program: a tiny `sh` sets the rlimits and `exec`s it (or
/// bubblewrap, which runs it), in its own process group, with standard
/// input closed, the outputs piped, the environment replaced and, when
/// asked, under another uid. With a side channel, the pipe's writing end
/// comes in as standard input and the script moves it to descriptor 3
/// (no `pre_exec` needed); the reading end is returned.
pub(super) fn spawn(
    job: &Job<'_>,
    limits: &Limits,
    isolation: &Isolation,
    token: &str,
) -> io::Result<(Child, Option<File>)> {
    let processes = if isolation.uid.is_some() {
        limits.processes.to_string()
    } else {
        "-".to_string()
    };
    let address_space = match limits.memory {
        Memory::AddressSpace(bytes) => (bytes / 1024).to_string(),
        Memory::Resident(_) => "-".to_string(),
    };
    // dash counts -f in 512-byte blocks, and names the process limit -p.
    let script = r#"p=$1 v=$2 f=$3 c=$4; shift 4
if [ "$c" = 1 ]; then exec 3<&0 0</dev/null; fi
ulimit -c 0
ulimit -f "$f" || exit 125
if [ "$p" != - ]; then ulimit -p "$p" 2>/dev/null || ulimit -u "$p" || exit 125; fi
if [ "$v" != - ]; then ulimit -v "$v" || exit 125; fi
exec "$@""#;
    let mut command = Command::new("/bin/sh");
    command
        .arg("-c")
        .arg(script)
        .arg("slider-grade")
        .arg(processes)
        .arg(address_space)
        .arg((limits.file_size / 512).max(1).to_string())
        .arg(if job.channel { "1" } else { "0" });
    let (reader, stdin) = if job.channel {
        let (reader, writer) = nix::unistd::pipe()?;
        (Some(File::from(reader)), Stdio::from(writer))
    } else {
        (None, Stdio::null())
    };
    if let Some(bwrap) = &isolation.bwrap {
        command.arg(bwrap).args(sandbox_args(
            job.workdir,
            &isolation.hide,
            &isolation.expose,
        ));
    }
    command
        .arg(job.program)
        .args(job.args)
        .current_dir(job.workdir)
        .env_clear()
        .envs(isolation.env.iter().map(|(k, v)| (k, v)))
        .env(TOKEN, token)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if let Some(uid) = isolation.uid {
        // std drops the supplementary groups when it changes the uid.
        command.uid(uid).gid(uid);
    }
    // The command, and with it this process's copy of the writing end, is
    // dropped on return: the channel ends when the program's copies close.
    Ok((command.spawn()?, reader))
}

/// bubblewrap's arguments, up to and including `--`: everything read-only,
/// fresh `/proc`, `/dev` and `/tmp`, no network, a new PID namespace and
/// session, the exposed paths shown read-only, then the hidden folders
/// emptied (so that no exposed parent shows them again), the working
/// directory writable.
pub(super) fn sandbox_args(workdir: &Path, hide: &[PathBuf], expose: &[PathBuf]) -> Vec<OsString> {
    let mut args: Vec<OsString> = [
        "--die-with-parent",
        "--new-session",
        "--unshare-all",
        "--ro-bind",
        "/",
        "/",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    for path in expose {
        let path = path.clone().into_os_string();
        args.extend(["--ro-bind".into(), path.clone(), path]);
    }
    // Hidden after every exposed path is bound: a command that names a
    // parent of the suite cannot show the suite again.
    for folder in hide {
        args.extend(["--tmpfs".into(), folder.clone().into_os_string()]);
    }
    args.extend([
        "--bind".into(),
        workdir.as_os_str().to_owned(),
        workdir.as_os_str().to_owned(),
        "--chdir".into(),
        workdir.as_os_str().to_owned(),
        "--".into(),
    ]);
    args
}
