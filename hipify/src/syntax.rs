//! The syntactic layer: tree-sitter-cpp, run on demand for each call whose translation
//! depends on its arguments, answering how many arguments it has and what kind of
//! expression each argument is. Only the statement holding the call is parsed (wrapped in a
//! function body), so the cost is proportional to the calls, not to the file: tree-sitter's
//! error recovery on whole CUDA files (`<<<…>>>`, heavy macros) runs at about 2 MB/s.
//!
//! The lexer-level answer is the fallback: inside macro bodies (which tree-sitter does not
//! parse), or where the tree has an error around the call (CUDA's `<<<…>>>` or code that
//! does not compile), the callers use the token-level argument split instead.

use tree_sitter::{Node, Parser, Tree};

/// One parsed call.
pub(crate) struct Syntax {
    tree: Tree,
    callee: usize,
}

/// The text that wraps a statement so that it parses as a function body.
const PROLOGUE: &str = "void oxhipify_probe() {\n";

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
    /// A parser for C++.
    pub(crate) fn parser() -> Option<Parser> {
        let mut parser = Parser::new();
        parser
            .set_language(&tree_sitter_cpp::LANGUAGE.into())
            .ok()?;
        Some(parser)
    }

    /// Parses `statement` (the text of one statement holding a call) as a function body;
    /// `callee` is the byte offset of the call's name inside `statement`.
    pub(crate) fn parse_call(
        parser: &mut Parser,
        statement: &str,
        callee: usize,
    ) -> Option<Syntax> {
        let mut text = String::with_capacity(PROLOGUE.len() + statement.len() + 4);
        text.push_str(PROLOGUE);
        text.push_str(statement);
        text.push_str(";\n}\n");
        let tree = parser.parse(&text, None)?;
        Some(Syntax {
            tree,
            callee: PROLOGUE.len() + callee,
        })
    }

    /// The arguments of the call whose callee name starts at byte `callee`, if the tree has
    /// a clean `call_expression` there.
    fn arguments(&self) -> Option<Vec<Node<'_>>> {
        let callee = self.callee;
        let mut node = self
            .tree
            .root_node()
            .descendant_for_byte_range(callee, callee)?;
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
        Some(
            arguments
                .named_children(&mut cursor)
                .filter(|it| !it.is_extra())
                .collect(),
        )
    }

    /// The number of arguments of the call at `callee`.
    pub(crate) fn argument_count(&self) -> Option<usize> {
        self.arguments().map(|it| it.len())
    }

    /// The kind of argument `position` of the call at `callee`.
    pub(crate) fn argument_kind(&self, position: usize) -> Option<ArgumentKind> {
        let arguments = self.arguments()?;
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
        let mut parser = Syntax::parser().unwrap_or_else(|| unreachable!("tree-sitter-cpp loads"));
        let parse = |parser: &mut Parser, text: &str| {
            Syntax::parse_call(parser, text, 4)
                .unwrap_or_else(|| unreachable!("tree-sitter parses C++"))
        };
        let syntax = parse(&mut parser, "x = g(a, h(b, c), (const void*)k)");
        assert_eq!(syntax.argument_count(), Some(3));
        assert_eq!(syntax.argument_kind(0), Some(ArgumentKind::Name));
        assert_eq!(syntax.argument_kind(1), Some(ArgumentKind::CastOrCall));
        assert_eq!(syntax.argument_kind(2), Some(ArgumentKind::CastOrCall));
        let syntax = parse(&mut parser, "y = m(ns::k<int>, p<1, 2>())");
        assert_eq!(syntax.argument_count(), Some(2));
        assert_eq!(syntax.argument_kind(0), Some(ArgumentKind::Name));
        let broken = parse(&mut parser, "z = m(a, ; b)");
        assert_eq!(broken.argument_count(), None);
    }
}
