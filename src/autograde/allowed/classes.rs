//! Reading a submission's class files and holding them against the list.

use std::collections::{BTreeSet, HashMap, HashSet};

use cafebabe::attributes::{AttributeData, AttributeInfo, BootstrapMethodEntry, CodeData};
use cafebabe::bytecode::Opcode;
use cafebabe::constant_pool::{
    BootstrapArgument, ConstantPoolItem, Loadable, MemberRef, MethodHandle, ObjectArrayType,
};
use cafebabe::{ClassFile, MethodAccessFlags, ParseOptions};

use super::{AllowList, Refusal, Refused};

/// A class file that cannot be read: slider's own fault or javac's (they
/// are what javac wrote), never the student's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassError {
    /// The class file's name.
    pub file: String,
    /// The reader's words.
    pub error: String,
}

/// One student class, as much of it as resolving a member needs.
struct Student {
    supers: Vec<String>,
    members: HashSet<String>,
}

/// Holds `classes` (each a class file's name and bytes: every class javac
/// made of the submission) against `list`: every refusal, once per file
/// and thing refused (its first use), sorted by file and line.
///
/// # Errors
///
/// A class file the reader cannot read.
///
/// # Example
///
/// ```no_run
/// use slider::autograde::allowed::{AllowList, check};
/// let bytes = std::fs::read("student/Solver.class")?;
/// let refusals = check(&[("Solver.class".into(), bytes)], &AllowList::course()).unwrap();
/// assert!(refusals.is_empty());
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check(classes: &[(String, Vec<u8>)], list: &AllowList) -> Result<Vec<Refusal>, ClassError> {
    let mut parsed = Vec::new();
    for (file, bytes) in classes {
        let mut options = ParseOptions::default();
        options.parse_bytecode(true);
        // The reader is not ours: a panic in it is a class it cannot read.
        let class =
            std::panic::catch_unwind(|| cafebabe::parse_class_with_options(bytes, &options))
                .map_err(|_| "the class-file reader failed".to_string())
                .and_then(|r| r.map_err(|e| e.to_string()))
                .map_err(|error| ClassError {
                    file: file.clone(),
                    error,
                })?;
        parsed.push((file, class));
    }
    let students: HashMap<String, Student> = parsed
        .iter()
        .map(|(_, class)| {
            let mut supers: Vec<String> =
                class.super_class.iter().map(ToString::to_string).collect();
            supers.extend(class.interfaces.iter().map(ToString::to_string));
            let mut members: HashSet<String> =
                class.methods.iter().map(|m| m.name.to_string()).collect();
            members.extend(class.fields.iter().map(|f| f.name.to_string()));
            (class.this_class.to_string(), Student { supers, members })
        })
        .collect();
    let mut found = BTreeSet::new();
    for (file, class) in &parsed {
        let source = class
            .attributes
            .iter()
            .find_map(|a| match &a.data {
                AttributeData::SourceFile(name) => Some(name.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| (*file).clone());
        let mut checker = Checker {
            list,
            students: &students,
            file: source,
            found: &mut found,
            seen: HashSet::new(),
        };
        // The reader is not ours: a panic while its constant pool is read
        // is a class it cannot read.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| checker.class(class))).map_err(
            |_| ClassError {
                file: (*file).clone(),
                error: "the class-file reader failed on its constant pool".into(),
            },
        )?;
    }
    let mut found: Vec<Refusal> = found.into_iter().collect();
    // by file, then line; what no line places, after what one does
    found.sort_by(|a, b| {
        (&a.file, a.line.is_none(), a.line, &a.what).cmp(&(
            &b.file,
            b.line.is_none(),
            b.line,
            &b.what,
        ))
    });
    // once per file: the first use that has a line (a nested class's
    // refusal of the same thing is the same refusal)
    let mut once = HashSet::new();
    found.retain(|r| once.insert((r.file.clone(), r.what.clone())));
    Ok(found)
}

struct Checker<'a> {
    list: &'a AllowList,
    students: &'a HashMap<String, Student>,
    file: String,
    found: &'a mut BTreeSet<Refusal>,
    /// What this class was already refused for (its first use is kept).
    seen: HashSet<Refused>,
}

impl Checker<'_> {
    fn refuse(&mut self, what: Refused, line: Option<u32>) {
        if self.seen.insert(what.clone()) {
            self.found.insert(Refusal {
                file: self.file.clone(),
                line,
                what,
            });
        }
    }

    fn class<'c>(&mut self, class: &'c ClassFile<'c>) {
        let name = class.this_class.to_string();
        let class_line = class
            .methods
            .iter()
            .find_map(|m| code(&m.attributes).and_then(|c| first_line(c)));
        let supers = class.super_class.iter().chain(class.interfaces.iter());
        for parent in supers {
            let parent = parent.to_string();
            if !self.students.contains_key(&parent) && !self.list.supertype(&parent) {
                let what = Refused::Supertype {
                    student: name.clone(),
                    class: parent,
                };
                self.refuse(what, class_line);
            }
        }
        for field in &class.fields {
            self.descriptor(&field.descriptor.to_string(), None);
        }
        let bootstraps: Vec<&BootstrapMethodEntry<'_>> = class
            .attributes
            .iter()
            .filter_map(|a| match &a.data {
                AttributeData::BootstrapMethods(entries) => Some(entries.iter()),
                _ => None,
            })
            .flatten()
            .collect();
        for method in &class.methods {
            let code = code(&method.attributes);
            let line = code.and_then(|c| first_line(c));
            let descriptor = method.descriptor.to_string();
            if method.name == "finalize" && descriptor == "()V" {
                self.refuse(
                    Refused::Finalizer {
                        student: name.clone(),
                    },
                    line,
                );
            }
            if method.access_flags.contains(MethodAccessFlags::NATIVE) {
                let what = Refused::Native {
                    student: name.clone(),
                    name: method.name.to_string(),
                };
                self.refuse(what, line);
            }
            self.descriptor(&descriptor, line);
            if let Some(code) = code {
                self.code(code, &bootstraps);
            }
        }
        // What no instruction names: catch types, the nest and inner-class
        // tables, bootstrap arguments, constants.
        let handles: HashSet<(String, String)> = bootstraps
            .iter()
            .map(|b| {
                (
                    b.method.class_name.to_string(),
                    b.method.member_ref.name.to_string(),
                )
            })
            .collect();
        for item in class.constantpool_iter() {
            match item {
                ConstantPoolItem::ClassInfo(class) => self.type_name(&class, None),
                ConstantPoolItem::FieldRef(r)
                | ConstantPoolItem::MethodRef(r)
                | ConstantPoolItem::InterfaceMethodRef(r) => {
                    // a bootstrap method's own reference is checked as one
                    // (above); were it invoked, its instruction was checked
                    let key = (r.class_name.to_string(), r.name_and_type.name.to_string());
                    if !handles.contains(&key) {
                        self.member_ref(&r, None);
                    }
                }
                ConstantPoolItem::MethodHandle(h) => {
                    let key = (h.class_name.to_string(), h.member_ref.name.to_string());
                    if !handles.contains(&key) {
                        self.handle(&h, None);
                    }
                }
                ConstantPoolItem::MethodType(descriptor) => self.descriptor(&descriptor, None),
                ConstantPoolItem::NameAndType(nt) => self.descriptor(&nt.descriptor, None),
                ConstantPoolItem::InvokeDynamic(d) => {
                    self.bootstrap(bootstraps.get(usize::from(d.attr_index)).copied(), None);
                }
                ConstantPoolItem::Dynamic(d) => {
                    self.bootstrap(bootstraps.get(usize::from(d.attr_index)).copied(), None);
                }
                ConstantPoolItem::LiteralConstant(_)
                | ConstantPoolItem::ModuleInfo(_)
                | ConstantPoolItem::PackageInfo(_) => {}
            }
        }
    }

    /// Every instruction that names something, at its line.
    fn code(&mut self, code: &CodeData<'_>, bootstraps: &[&BootstrapMethodEntry<'_>]) {
        let lines = line_table(code);
        let Some(bytecode) = &code.bytecode else {
            return;
        };
        for (offset, op) in &bytecode.opcodes {
            let line = line_at(&lines, *offset);
            match op {
                Opcode::Getfield(r)
                | Opcode::Getstatic(r)
                | Opcode::Putfield(r)
                | Opcode::Putstatic(r)
                | Opcode::Invokespecial(r)
                | Opcode::Invokestatic(r)
                | Opcode::Invokevirtual(r)
                | Opcode::Invokeinterface(r, _) => self.member_ref(r, line),
                Opcode::Invokedynamic(d) => {
                    self.bootstrap(bootstraps.get(usize::from(d.attr_index)).copied(), line);
                    self.descriptor(&d.name_and_type.descriptor, line);
                }
                Opcode::New(class) => self.type_name(class, line),
                Opcode::Anewarray(t)
                | Opcode::Checkcast(t)
                | Opcode::Instanceof(t)
                | Opcode::Multianewarray(t, _) => {
                    match t {
                        // the element's descriptor (`I`, `Ljava/lang/Thread;`)
                        ObjectArrayType::ArrayType(element) => {
                            self.descriptor(&element.to_string(), line);
                        }
                        ObjectArrayType::BinaryName(name) => self.type_name(name, line),
                    }
                }
                Opcode::Ldc(l) | Opcode::LdcW(l) | Opcode::Ldc2W(l) => {
                    self.loadable(l, bootstraps, line);
                }
                _ => {}
            }
        }
    }

    fn loadable(
        &mut self,
        loadable: &Loadable<'_>,
        bootstraps: &[&BootstrapMethodEntry<'_>],
        line: Option<u32>,
    ) {
        match loadable {
            Loadable::Dynamic(d) => {
                self.bootstrap(bootstraps.get(usize::from(d.attr_index)).copied(), line);
            }
            Loadable::ClassInfo(class) => self.type_name(class, line),
            Loadable::MethodHandle(h) => self.handle(h, line),
            Loadable::MethodType(descriptor) => self.descriptor(descriptor, line),
            Loadable::LiteralConstant(_) => {}
        }
    }

    fn bootstrap(&mut self, entry: Option<&BootstrapMethodEntry<'_>>, line: Option<u32>) {
        let Some(entry) = entry else {
            return;
        };
        let (class, name) = (
            entry.method.class_name.to_string(),
            entry.method.member_ref.name.to_string(),
        );
        if !self.list.bootstrap(&class, &name) {
            self.refuse(Refused::Bootstrap { class, name }, line);
        }
        for argument in &entry.arguments {
            match argument {
                BootstrapArgument::MethodHandle(h) => self.handle(h, line),
                BootstrapArgument::MethodType(d) => self.descriptor(d, line),
                BootstrapArgument::ClassInfo(c) => self.type_name(c, line),
                BootstrapArgument::LiteralConstant(_) => {}
            }
        }
    }

    fn handle(&mut self, handle: &MethodHandle<'_>, line: Option<u32>) {
        self.member(&handle.class_name, &handle.member_ref.name, line);
        self.descriptor(&handle.member_ref.descriptor, line);
    }

    fn member_ref(&mut self, r: &MemberRef<'_>, line: Option<u32>) {
        self.member(&r.class_name, &r.name_and_type.name, line);
        self.descriptor(&r.name_and_type.descriptor, line);
    }

    /// `class.name`: a student's own member, one inherited from a type
    /// the list lets it use, or a listed type's.
    fn member(&mut self, class: &str, name: &str, line: Option<u32>) {
        if class.starts_with('[') {
            // an array's clone() (its length is no member)
            self.type_name(class, line);
            if !self.list.member("java/lang/Object", name) {
                let what = Refused::Member {
                    class: "java/lang/Object".into(),
                    name: name.into(),
                };
                self.refuse(what, line);
            }
            return;
        }
        if !self.students.contains_key(class) {
            self.type_name(class, line);
            if self.list.nameable(class) && !self.list.member(class, name) {
                let what = Refused::Member {
                    class: class.into(),
                    name: name.into(),
                };
                self.refuse(what, line);
            }
            return;
        }
        if let Some(from) = self.inherited_from(class, name) {
            let what = Refused::Member {
                class: from,
                name: name.into(),
            };
            self.refuse(what, line);
        }
    }

    /// For a member of student class `class` that none of the student's
    /// classes declares: the first of its JDK supertypes that does not
    /// let it be used, when none does (`None`: it is the student's own,
    /// or a listed supertype's).
    fn inherited_from(&self, class: &str, name: &str) -> Option<String> {
        let mut outside = Vec::new();
        let mut todo = vec![class.to_string()];
        let mut visited = HashSet::new();
        while let Some(c) = todo.pop() {
            if !visited.insert(c.clone()) {
                continue;
            }
            match self.students.get(&c) {
                Some(student) if student.members.contains(name) => return None,
                Some(student) => todo.extend(student.supers.iter().cloned()),
                None => outside.push(c),
            }
        }
        if outside.iter().any(|c| self.list.member(c, name)) {
            return None;
        }
        outside.sort();
        Some(
            outside
                .into_iter()
                .next()
                .unwrap_or_else(|| class.to_string()),
        )
    }

    /// A type named by an instruction or a constant: `java/lang/Thread`,
    /// or an array descriptor (`[Ljava/lang/Thread;`, `[[I`).
    fn type_name(&mut self, name: &str, line: Option<u32>) {
        let element = name.trim_start_matches('[');
        if element.len() != name.len() {
            self.descriptor(element, line);
            return;
        }
        if !self.students.contains_key(element) && !self.list.nameable(element) {
            let what = Refused::Type {
                class: element.to_string(),
            };
            self.refuse(what, line);
        }
    }

    /// Every class a descriptor or signature-free type string names.
    fn descriptor(&mut self, descriptor: &str, line: Option<u32>) {
        for class in descriptor_classes(descriptor) {
            self.type_name(class, line);
        }
    }
}

/// The class names of a field or method descriptor
/// (`(Ljava/lang/String;[I)Ljava/util/List;`).
fn descriptor_classes(descriptor: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = descriptor;
    while let Some(start) = rest.find('L') {
        let after = &rest[start + 1..];
        let Some(end) = after.find(';') else {
            break;
        };
        out.push(&after[..end]);
        rest = &after[end + 1..];
    }
    out
}

fn code<'a>(attributes: &'a [AttributeInfo<'a>]) -> Option<&'a CodeData<'a>> {
    attributes.iter().find_map(|a| match &a.data {
        AttributeData::Code(code) => Some(code),
        _ => None,
    })
}

fn line_table(code: &CodeData<'_>) -> Vec<(usize, u32)> {
    let mut lines: Vec<(usize, u32)> = code
        .attributes
        .iter()
        .filter_map(|a| match &a.data {
            AttributeData::LineNumberTable(entries) => Some(entries.iter()),
            _ => None,
        })
        .flatten()
        .map(|e| (usize::from(e.start_pc), u32::from(e.line_number)))
        .collect();
    lines.sort_unstable();
    lines
}

fn first_line(code: &CodeData<'_>) -> Option<u32> {
    line_table(code).iter().map(|&(_, line)| line).min()
}

/// The source line of the instruction at `offset`.
fn line_at(lines: &[(usize, u32)], offset: usize) -> Option<u32> {
    lines
        .iter()
        .take_while(|&&(start, _)| start <= offset)
        .last()
        .map(|&(_, line)| line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_name_their_classes() {
        assert_eq!(
            descriptor_classes("(Ljava/lang/String;[I[[Ljava/lang/Thread;J)Ljava/util/List;"),
            ["java/lang/String", "java/lang/Thread", "java/util/List"]
        );
        assert!(descriptor_classes("(IJZ)V").is_empty());
        // a class name with an L in it is read whole
        assert_eq!(descriptor_classes("LLinked;"), ["Linked"]);
    }

    #[test]
    fn an_instruction_is_on_the_line_that_starts_before_it() {
        let lines = [(0, 10), (5, 11), (9, 14)];
        assert_eq!(line_at(&lines, 0), Some(10));
        assert_eq!(line_at(&lines, 7), Some(11));
        assert_eq!(line_at(&lines, 30), Some(14));
        assert_eq!(line_at(&[], 3), None);
    }

    #[test]
    fn bytes_that_are_no_class_are_an_error_not_a_panic() {
        let err = check(
            &[("Board.class".into(), b"not a class".to_vec())],
            &AllowList::course(),
        )
        .unwrap_err();
        assert_eq!(err.file, "Board.class");
    }
}
