//! The syntactic layer: tree-sitter-cpp, run on demand for each call whose translation
//! depends on its arguments, answering how many arguments it has and where each one is.
//! Only the statement holding the call is parsed (wrapped in a function body), so the cost
//! is proportional to the calls, not to the file: tree-sitter's error recovery on whole
//! CUDA files (`<<<…>>>`, heavy macros) runs at about 2 MB/s.
//!
//! The lexer-level answer is the fallback: inside macro bodies (which tree-sitter does not
//! parse), or where the tree has an error around the call (CUDA's `<<<…>>>` or code that
//! does not compile), the callers use the token-level argument split instead.

use tree_sitter::{Node, Parser, Tree};

/// One parsed call.
pub(crate) struct Syntax {
    tree: Tree,
    callee: usize,
    /// The offset of the parsed statement in the translated text.
    origin: usize,
}

/// The text that wraps a statement so that it parses as a function body.
const PROLOGUE: &str = "void oxhipify_probe() {\n";

impl Syntax {
    /// A parser for C++.
    pub(crate) fn parser() -> Option<Parser> {
        let mut parser = Parser::new();
        parser
            .set_language(&tree_sitter_cpp::LANGUAGE.into())
            .ok()?;
        Some(parser)
    }

    /// Parses `statement` (the text of one statement holding a call, found at `origin` in
    /// the translated text) as a function body; `callee` is the byte offset of the call's
    /// name inside `statement`.
    pub(crate) fn parse_call(
        parser: &mut Parser,
        statement: &str,
        origin: usize,
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
            origin,
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

    /// The byte ranges of the arguments of the call at `callee`, in the translated text.
    pub(crate) fn argument_spans(&self) -> Option<Vec<std::ops::Range<usize>>> {
        let shift = self.origin.wrapping_sub(PROLOGUE.len());
        let arguments = self.arguments()?;
        Some(
            arguments
                .iter()
                .map(|it| it.start_byte().wrapping_add(shift)..it.end_byte().wrapping_add(shift))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_arguments() {
        let mut parser = Syntax::parser().unwrap_or_else(|| unreachable!("tree-sitter-cpp loads"));
        // The statement sits at offset 100 of some text.
        let parse = |parser: &mut Parser, text: &str| {
            Syntax::parse_call(parser, text, 100, 4)
                .unwrap_or_else(|| unreachable!("tree-sitter parses C++"))
        };
        let syntax = parse(&mut parser, "x = g(a, h(b, c), (const void*)k)");
        assert_eq!(syntax.argument_spans().map(|it| it.len()), Some(3));
        assert_eq!(
            syntax.argument_spans(),
            Some(vec![106..107, 109..116, 118..132])
        );
        let syntax = parse(&mut parser, "y = m(ns::k<int>, p<1, 2>())");
        assert_eq!(syntax.argument_spans().map(|it| it.len()), Some(2));
        let broken = parse(&mut parser, "z = m(a, ; b)");
        assert_eq!(broken.argument_spans(), None);
    }
}
