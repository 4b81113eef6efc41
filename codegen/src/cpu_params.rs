//! Which slot of clang's kernel argument array each IR parameter of a CPU-target kernel comes
//! from, when the x86-64 ABI dropped some: a parameter of an empty class type (a capture-less
//! lambda, a stateless functor) has no IR parameter at all, yet the host still passes a slot
//! for it. The kernel's mangled name lists every source parameter's type; matching that list
//! against the IR parameters finds the dropped ones.
//!
//! Each source parameter is a [`Kind`]: a pointer or reference, a builtin scalar, or a named
//! type (a class, which may be empty, or an enum). IR parameter groups (see `cpu.rs`: a
//! split aggregate's two halves are one group) are classified the same way: `byval` or
//! `.coerce` parameters come from named types, plain `ptr`s from pointers, other plain
//! parameters from scalars (or from enums and vector types, which are named). Only a named
//! type can have been dropped.

use std::collections::HashSet;

use cpp_demangle::{DemangleOptions, Symbol};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Pointer,
    Scalar,
    /// Source: a class, union or enum type. IR: an aggregate (`byval` or coerced).
    Named,
}

/// One parameter: its kind and, for a class type, its name as [`type_name`] normalises it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parameter {
    pub(crate) kind: Kind,
    pub(crate) name: Option<String>,
}

/// A class name as both sides can spell it: an IR struct name (`struct.ns::Pair`,
/// `class.anon.3`) or a demangled type (`ns::Pair<int>`, `main::{lambda(int)#1}`) becomes
/// `ns::Pair` or `anon`.
pub(crate) fn type_name(text: &str) -> String {
    // A lambda or unnamed class itself, not a template that takes one as an argument
    // (`hipcub::detail::IfPredicate<main::{lambda(int)#1}>` is `hipcub::detail::IfPredicate`).
    let last = last_component(text);
    if last.starts_with("{lambda") || last.starts_with("{unnamed") {
        return "anon".to_owned();
    }
    let mut name = text;
    for prefix in ["struct.", "class.", "union."] {
        if let Some(rest) = name.strip_prefix(prefix) {
            name = rest;
            break;
        }
    }
    // Uniqued IR names end in `.<n>`.
    while let Some((head, tail)) = name.rsplit_once('.') {
        if !tail.is_empty() && tail.bytes().all(|byte| byte.is_ascii_digit()) {
            name = head;
        } else {
            break;
        }
    }
    let name = match top_level_angle(name) {
        Some(open) => &name[..open],
        None => name,
    };
    if name == "anon" || name.ends_with("::anon") {
        return "anon".to_owned();
    }
    name.trim().to_owned()
}

/// The last `::`-separated component of a demangled name, outside any brackets.
fn last_component(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut start = 0;
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'(' | b'<' | b'{' | b'[' => depth += 1,
            b')' | b'>' | b'}' | b']' => depth -= 1,
            b':' if depth == 0 && bytes.get(index + 1) == Some(&b':') => {
                start = index + 2;
                index += 1;
            }
            _ => {}
        }
        index += 1;
    }
    &text[start..]
}

/// Where a name's template arguments start: its first `<` outside parentheses and braces
/// (a lambda's parameter list or a function's own).
fn top_level_angle(text: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (index, byte) in text.bytes().enumerate() {
        match byte {
            b'(' | b'{' | b'[' => depth += 1,
            b')' | b'}' | b']' => depth -= 1,
            b'<' if depth == 0 => return Some(index),
            _ => {}
        }
    }
    None
}

/// The kinds of `mangled`'s source parameters, or `None` when it is not an Itanium-mangled
/// function name (an `extern "C"` kernel, say).
pub(crate) fn source_parameters(mangled: &str) -> Option<Vec<Parameter>> {
    if !mangled.starts_with("_Z") {
        return None;
    }
    let symbol = Symbol::new(mangled).ok()?;
    let text = symbol
        .demangle(&DemangleOptions::new().no_return_type())
        .ok()?;
    let list = parameter_list(&text)?;
    if list.trim().is_empty() || list.trim() == "void" {
        return Some(Vec::new());
    }
    Some(
        split_top_level(list)
            .iter()
            .map(|text| {
                let kind = classify(text);
                Parameter {
                    kind,
                    name: (kind == Kind::Named).then(|| type_name(text)),
                }
            })
            .collect(),
    )
}

/// The text between the parentheses of the outermost, last parameter list.
fn parameter_list(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let end = text.rfind(')')?;
    let mut depth = 0i32;
    for index in (0..end).rev() {
        match bytes[index] {
            b')' | b'>' | b'}' | b']' => depth += 1,
            b'(' | b'<' | b'{' | b'[' => {
                if depth == 0 {
                    return (bytes[index] == b'(').then(|| &text[index + 1..end]);
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    None
}

fn split_top_level(list: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (index, byte) in list.bytes().enumerate() {
        match byte {
            b'(' | b'<' | b'{' | b'[' => depth += 1,
            b')' | b'>' | b'}' | b']' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(list[start..index].trim());
                start = index + 1;
            }
            _ => {}
        }
    }
    parts.push(list[start..].trim());
    parts
}

fn classify(parameter: &str) -> Kind {
    const SCALARS: &[&str] = &[
        "bool",
        "char",
        "signed char",
        "unsigned char",
        "short",
        "unsigned short",
        "int",
        "unsigned int",
        "long",
        "unsigned long",
        "long long",
        "unsigned long long",
        "__int128",
        "unsigned __int128",
        "float",
        "double",
        "long double",
        "_Float16",
        "__bf16",
        "std::bfloat16_t",
        "wchar_t",
        "char8_t",
        "char16_t",
        "char32_t",
        "decltype(nullptr)",
        "std::nullptr_t",
    ];
    let parameter = parameter.trim_end_matches(" const").trim();
    if parameter.ends_with('*')
        || parameter.ends_with('&')
        || parameter.contains("(*)")
        || parameter.contains("(&)")
        || parameter.contains("(&&)")
    {
        Kind::Pointer
    } else if SCALARS.contains(&parameter) {
        Kind::Scalar
    } else {
        Kind::Named
    }
}

/// For each IR parameter group, the index of the source parameter it comes from; `None` when
/// no assignment fits. Only a named type whose name is in `droppable` (the types of the
/// kernel's parameter copies that no IR parameter fills) can have been dropped, and a named
/// source parameter takes an aggregate group only when their names agree.
pub(crate) fn match_slots(
    source: &[Parameter],
    groups: &[Parameter],
    droppable: &HashSet<String>,
) -> Option<Vec<usize>> {
    fn fits(source: &Parameter, group: &Parameter, droppable: &HashSet<String>) -> bool {
        match source.kind {
            Kind::Pointer => group.kind == Kind::Pointer,
            Kind::Scalar => group.kind == Kind::Scalar,
            // A class (an aggregate of the same name), an enum or a vector type (a plain
            // value), or a class the ABI passes indirectly (a non-trivial copy constructor or
            // destructor: a plain pointer), unless a class of its name was dropped.
            Kind::Named => match group.kind {
                Kind::Pointer => !can_drop(source, droppable),
                Kind::Scalar => true,
                Kind::Named => match (&source.name, &group.name) {
                    (Some(left), Some(right)) => left == right,
                    _ => true,
                },
            },
        }
    }
    fn can_drop(source: &Parameter, droppable: &HashSet<String>) -> bool {
        source.kind == Kind::Named
            && source
                .name
                .as_ref()
                .is_none_or(|name| droppable.contains(name))
    }
    fn solve(
        source: &[Parameter],
        groups: &[Parameter],
        droppable: &HashSet<String>,
        at: usize,
        out: &mut Vec<usize>,
    ) -> bool {
        let taken = out.len();
        if taken == groups.len() {
            return source[at..].iter().all(|p| can_drop(p, droppable));
        }
        if at == source.len() || source.len() - at < groups.len() - taken {
            return false;
        }
        if fits(&source[at], &groups[taken], droppable) {
            out.push(at);
            if solve(source, groups, droppable, at + 1, out) {
                return true;
            }
            out.pop();
        }
        can_drop(&source[at], droppable) && solve(source, groups, droppable, at + 1, out)
    }
    let mut out = Vec::new();
    solve(source, groups, droppable, 0, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(parameters: &[Parameter]) -> Vec<Kind> {
        parameters.iter().map(|p| p.kind).collect()
    }

    fn named(name: &str) -> Parameter {
        Parameter {
            kind: Kind::Named,
            name: Some(name.to_owned()),
        }
    }

    fn plain(kind: Kind) -> Parameter {
        Parameter { kind, name: None }
    }

    #[test]
    fn source_parameter_kinds_come_from_the_mangled_name() {
        // void apply<main::{lambda(int)#1}>(main::{lambda(int)#1}, float*, int)
        let parameters = source_parameters("_Z5applyIZ4mainEUliE_EvT_Pfi").expect("parses");
        assert_eq!(
            kinds(&parameters),
            [Kind::Named, Kind::Pointer, Kind::Scalar]
        );
        assert_eq!(parameters[0].name.as_deref(), Some("anon"));
        // k(Empty, Split, float*, Empty, Big, ns::Pair<int>)
        let parameters =
            source_parameters("_Z1k5Empty5SplitPfS_3BigN2ns4PairIiEE").expect("parses");
        let names: Vec<Option<&str>> = parameters.iter().map(|p| p.name.as_deref()).collect();
        assert_eq!(
            names,
            [
                Some("Empty"),
                Some("Split"),
                None,
                Some("Empty"),
                Some("Big"),
                Some("ns::Pair")
            ]
        );
        // k(int const&, unsigned long long, double)
        let parameters = source_parameters("_Z1kRKiyd").expect("parses");
        assert_eq!(
            kinds(&parameters),
            [Kind::Pointer, Kind::Scalar, Kind::Scalar]
        );
        assert_eq!(source_parameters("_Z1kv"), Some(Vec::new()));
        assert_eq!(source_parameters("plain_c_kernel"), None);
        // A function pointer parameter: void k(void (*)(int), int)
        let parameters = source_parameters("_Z1kPFviEi").expect("parses");
        assert_eq!(kinds(&parameters), [Kind::Pointer, Kind::Scalar]);
    }

    #[test]
    fn ir_and_demangled_type_names_agree() {
        assert_eq!(type_name("struct.ns::Pair"), "ns::Pair");
        assert_eq!(type_name("ns::Pair<int>"), "ns::Pair");
        assert_eq!(type_name("class.anon.12"), "anon");
        assert_eq!(type_name("main::{lambda(int)#1}"), "anon");
        assert_eq!(type_name("void f<int>()::{lambda(int)#1}"), "anon");
        // A template whose argument is a lambda is the template (found with the Thrust and
        // hipCUB headers: hipCUB's DeviceSelect::If with a capture-less lambda).
        assert_eq!(
            type_name("hipcub::detail::IfPredicate<main::{lambda(int)#1}>"),
            "hipcub::detail::IfPredicate"
        );
        assert_eq!(
            type_name("struct.hipcub::detail::IfPredicate"),
            "hipcub::detail::IfPredicate"
        );
        assert_eq!(type_name("ns::Outer<int>::Inner"), "ns::Outer");
        assert_eq!(type_name("struct.Split.3"), "Split");
    }

    #[test]
    fn dropped_parameters_are_the_empty_named_ones() {
        use Kind::{Pointer, Scalar};
        let empty: HashSet<String> = ["Empty".to_owned()].into();
        // (Empty, float*, int) against (ptr, i32).
        assert_eq!(
            match_slots(
                &[named("Empty"), plain(Pointer), plain(Scalar)],
                &[plain(Pointer), plain(Scalar)],
                &empty
            ),
            Some(vec![1, 2])
        );
        // (Empty, Split, float*, Empty, Big) against (coerced Split, ptr, byval Big): the
        // names decide which named parameter each aggregate is.
        assert_eq!(
            match_slots(
                &[
                    named("Empty"),
                    named("Split"),
                    plain(Pointer),
                    named("Empty"),
                    named("Big")
                ],
                &[named("Split"), plain(Pointer), named("Big")],
                &empty
            ),
            Some(vec![1, 2, 4])
        );
        // (Empty, int) against (i32): the int is never dropped.
        assert_eq!(
            match_slots(&[named("Empty"), plain(Scalar)], &[plain(Scalar)], &empty),
            Some(vec![1])
        );
        // A pointer cannot be dropped, nor a type that is not empty.
        assert_eq!(
            match_slots(&[plain(Pointer), plain(Scalar)], &[plain(Scalar)], &empty),
            None
        );
        assert_eq!(
            match_slots(&[named("Split"), plain(Scalar)], &[plain(Scalar)], &empty),
            None
        );
    }

    #[test]
    fn a_class_passed_indirectly_takes_a_plain_pointer() {
        use Kind::Pointer;
        let empty: HashSet<String> = ["Empty".to_owned()].into();
        // (Owning, Empty, int*) against (ptr, ptr): `Owning` has a destructor, so the ABI
        // passes a pointer to it; the empty class is the one dropped.
        assert_eq!(
            match_slots(
                &[named("Owning"), named("Empty"), plain(Pointer)],
                &[plain(Pointer), plain(Pointer)],
                &empty
            ),
            Some(vec![0, 2])
        );
        // (Empty, int*) against (ptr): an empty class of a dropped name never takes the
        // pointer.
        assert_eq!(
            match_slots(&[named("Empty"), plain(Pointer)], &[plain(Pointer)], &empty),
            Some(vec![1])
        );
        // References to functions and arrays are pointers, not classes.
        let parameters = source_parameters("_Z1kRFviERA4_i").expect("parses");
        assert_eq!(kinds(&parameters), [Pointer, Pointer]);
    }
}
