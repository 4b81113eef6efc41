//! Fixture corpus: every `tests/fixtures/*.cu` is translated and snapshotted (translated
//! text, then the rendered findings). A fixture may choose options in a comment line
//! `// oxhipify-options: --roc --hip-kernel-execution-syntax …`. Every fixture must also be
//! idempotent: translating the output changes nothing.

use diagnostics::SourceMap;
use hipify::{LaunchSyntax, Options};

fn options_for(text: &str) -> Options {
    let mut options = Options::standard();
    let Some(line) = text.lines().find(|it| it.contains("oxhipify-options:")) else {
        return options;
    };
    let flags = line.split("oxhipify-options:").nth(1).unwrap_or_default();
    for flag in flags.split_whitespace() {
        match flag {
            "--roc" => options.roc = true,
            "--miopen" => options.miopen = true,
            "--experimental" => options.experimental = true,
            "--use-hip-data-types" => options.use_hip_data_types = true,
            "--hip-kernel-execution-syntax" => {
                options.launch_syntax = LaunchSyntax::HipLaunchKernelGgl
            }
            "--no-runtime-include" => options.add_runtime_include = false,
            // What `oxhipify` sets for `.cu` and `.cuh` files.
            "--cuda-source" => options.cuda_source = true,
            "--no-string-literals" => options.string_literals = false,
            "--no-undocumented-features" => options.half2_members = false,
            "--skip-excluded-preprocessor-conditional-blocks" => {
                options.skip_excluded_blocks = true
            }
            other => {
                if let Some(define) = other.strip_prefix("-D") {
                    options.defines.push(define.to_owned());
                } else if let Some(names) = other.strip_prefix("--whitelist=") {
                    options
                        .whitelist
                        .extend(names.split(',').map(str::to_owned));
                } else {
                    panic!("unknown fixture option `{other}`");
                }
            }
        }
    }
    options
}

/// Translation followed by the findings, as the snapshot stores them.
fn check(name: &str, text: &str) -> String {
    let options = options_for(text);
    let translation = hipify::translate(text, &options);
    let again = hipify::translate(&translation.text, &options);
    assert_eq!(
        again.text, translation.text,
        "{name}: a second translation changed the text"
    );
    let mut map = SourceMap::new();
    let file = map.add(name, text);
    assert_eq!(file, options.file);
    let mut out = translation.text.clone();
    out.push_str("\n==== findings ====\n");
    for finding in &translation.findings {
        out.push_str(&map.render(&finding.to_diagnostic()));
    }
    out
}

#[test]
fn translate() {
    insta::glob!("fixtures/*.cu", |path| {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let name = path
            .file_name()
            .and_then(|it| it.to_str())
            .unwrap_or_default();
        insta::assert_snapshot!(check(name, &text));
    });
}
