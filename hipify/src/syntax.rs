//! The syntactic layer: tree-sitter-cpp, parsed on demand (only for files that contain a
//! call whose translation depends on its arguments), answering questions about one call:
//! how many arguments it has and what kind of expression each argument is.
//!
//! The lexer-level answer is the fallback: inside macro bodies (which tree-sitter does not
//! parse), or where the tree has an error around the call (CUDA's `<<<…>>>` or code that
//! does not compile), the callers use the token-level argument split instead.

use tree_sitter::{Node, Parser, Tree};

/// A parsed file.
pub(crate) struct Syntax {
    tree: Tree,
}

/// What an argument expression is, as far as the rewrites care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArgumentKind {
    /// A name: `k`, `ns::k`, `k<int>`, `&k`.
    Name,
    /// Already a cast or a call (`(const void*)k`, `reinterpret_cast<…>(k)`, `HIP_SYMBOL(x)`).
    CastOrCall,
    /// Anything else.
    Other,
}

impl Syntax {
    /// Parses `text`; `None` if tree-sitter gives up (it practically never does).
    pub(crate) fn parse(text: &str) -> Option<Syntax> {
        let mut parser = Parser::new();
        parser.set_language(&tree_sitter_cpp::LANGUAGE.into()).ok()?;
        let tree = parser.parse(text, None)?;
        Some(Syntax { tree })
    }

    /// The arguments of the call whose callee name starts at byte `callee`, if the tree has
    /// a clean `call_expression` there.
    fn arguments(&self, callee: usize) -> Option<Vec<Node<'_>>> {
        let mut node = self.tree.root_node().descendant_for_byte_range(callee, callee)?;
        loop {
            if node.kind() == "call_expression" {
                let function = node.child_by_field_name("function")?;
                if function.start_byte() <= callee && callee < function.end_byte() {
                    break;
                }
            }
            node = node.parent()?;
        }
        let arguments = node.child_by_field_name("arguments")?;
        if arguments.has_error() || arguments.kind() != "argument_list" {
            return None;
        }
        let mut cursor = arguments.walk();
        Some(arguments.named_children(&mut cursor).filter(|it| !it.is_extra()).collect())
    }

    /// The number of arguments of the call at `callee`.
    pub(crate) fn argument_count(&self, callee: usize) -> Option<usize> {
        self.arguments(callee).map(|it| it.len())
    }

    /// The kind of argument `position` of the call at `callee`.
    pub(crate) fn argument_kind(&self, callee: usize, position: usize) -> Option<ArgumentKind> {
        let arguments = self.arguments(callee)?;
        let argument = arguments.get(position)?;
        Some(match argument.kind() {
            "identifier" | "qualified_identifier" | "template_function" => ArgumentKind::Name,
            "pointer_expression" => ArgumentKind::Name,
            "cast_expression" | "call_expression" => ArgumentKind::CastOrCall,
            _ => ArgumentKind::Other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_classifies_arguments() {
        let text = "void f() { g(a, h(b, c), (const void*)k); m(ns::k<int>); }";
        let syntax = Syntax::parse(text).unwrap_or_else(|| unreachable!("tree-sitter parses C++"));
        let g = text.find("g(").unwrap_or_default();
        assert_eq!(syntax.argument_count(g), Some(3));
        assert_eq!(syntax.argument_kind(g, 0), Some(ArgumentKind::Name));
        assert_eq!(syntax.argument_kind(g, 1), Some(ArgumentKind::CastOrCall));
        assert_eq!(syntax.argument_kind(g, 2), Some(ArgumentKind::CastOrCall));
        let m = text.find("m(").unwrap_or_default();
        assert_eq!(syntax.argument_kind(m, 0), Some(ArgumentKind::Name));
    }
}
