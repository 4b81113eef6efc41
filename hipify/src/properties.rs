//! Property tests of the whole translation: on random mixes of code, comments, literals and
//! whitespace, translation keeps every byte outside rewritten identifier tokens, never
//! touches comments or literals, and is idempotent.

use proptest::prelude::*;

use crate::lexer::{lex, TokenKind};
use crate::{translate, Options};

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("cudaMalloc".to_owned()),
        Just("cudaFree".to_owned()),
        Just("cudaStream_t".to_owned()),
        Just("cublasSgemm".to_owned()),
        Just("__shfl_down_sync".to_owned()),
        Just("cudaGraphInstantiateWithParams".to_owned()),
        Just("myVariable".to_owned()),
        Just("cudaMallocCount".to_owned()),
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just(",".to_owned()),
        Just(";".to_owned()),
        Just("&".to_owned()),
        Just(".".to_owned()),
        Just("42".to_owned()),
        Just("0xffffffff".to_owned()),
        Just("/* cudaMalloc in a block */".to_owned()),
        Just("// cudaFree in a line comment\n".to_owned()),
        Just("\"cudaMalloc string\"".to_owned()),
        Just("'c'".to_owned()),
        Just("R\"x(cudaFree raw)x\"".to_owned()),
        Just("\n#define M cudaMalloc\n".to_owned()),
        Just("\n#if 0\n".to_owned()),
        Just("\n#endif\n".to_owned()),
        "[ \t\n]{1,3}".prop_map(|it| it),
    ]
}

/// Fragments that stress the structural rules: launches, directives, broken text.
fn rough_fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        fragment(),
        Just("<<<".to_owned()),
        Just(">>>".to_owned()),
        Just("k<int>".to_owned()),
        Just("ns::".to_owned()),
        Just("#include <cuda_runtime.h>\n".to_owned()),
        Just("#include <é".to_owned()),
        Just("#include \"cublas.h\"\n".to_owned()),
        Just("#pragma".to_owned()),
        Just("#ifndef".to_owned()),
        Just("#define".to_owned()),
        Just("\\\n".to_owned()),
        Just("\"unterminated".to_owned()),
        Just("/* open".to_owned()),
        Just("R\"(".to_owned()),
        Just("cudaEventCreate(".to_owned()),
        Just("cudaMemcpyToSymbol(".to_owned()),
        Just("cudaLaunchKernel(".to_owned()),
        Just("asm(".to_owned()),
        Just("__shfl_sync(".to_owned()),
        Just("% 32".to_owned()),
        any::<String>(),
    ]
}

fn source() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..40).prop_map(|parts| parts.join(" "))
}

/// The text between tokens, and every literal, in order.
fn kept_parts(text: &str) -> Vec<String> {
    let lexed = lex(text);
    let mut parts = Vec::new();
    let mut previous_end = 0;
    for token in &lexed.tokens {
        parts.push(text[previous_end..token.start].to_owned());
        if token.kind != TokenKind::Ident {
            parts.push(text[token.start..token.end].to_owned());
        }
        previous_end = token.end;
    }
    parts.push(text[previous_end..].to_owned());
    parts
}

fn rough_source() -> impl Strategy<Value = String> {
    prop::collection::vec(rough_fragment(), 0..40).prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn never_panics_and_stays_idempotent_on_rough_text(text in rough_source()) {
        let mut options = Options::standard();
        options.launch_syntax = crate::LaunchSyntax::HipLaunchKernelGgl;
        let once = translate(&text, &options).text;
        let twice = translate(&once, &options).text;
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn only_identifier_tokens_change(text in source()) {
        let mut options = Options::standard();
        options.add_runtime_include = false;
        options.string_literals = false;
        let translation = translate(&text, &options);
        prop_assert_eq!(kept_parts(&text), kept_parts(&translation.text));
        let before = lex(&text).tokens.len();
        let after = lex(&translation.text).tokens.len();
        prop_assert_eq!(before, after);
    }

    #[test]
    fn translation_is_idempotent(text in source()) {
        let options = Options::standard();
        let once = translate(&text, &options).text;
        let twice = translate(&once, &options).text;
        prop_assert_eq!(once, twice);
    }
}
