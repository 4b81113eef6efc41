// The questions build systems ask a compiler about its host side (autotools' `-dumpmachine`,
// libtool's `-print-search-dirs`, Bazel's `-print-file-name=`, sccache's toolchain packager's
// `-print-prog-name=`): hipcc passes them to clang, and oxhip asks clang 22 the same way, so
// the answers are clang's, word for word.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip -dumpmachine > %t/oxhip.txt
// RUN: %oxhip -dumpversion >> %t/oxhip.txt
// RUN: %oxhip -print-target-triple >> %t/oxhip.txt
// RUN: %oxhip -print-effective-triple >> %t/oxhip.txt
// RUN: %oxhip -print-prog-name=ld >> %t/oxhip.txt
// RUN: %oxhip -print-file-name=include >> %t/oxhip.txt
// RUN: %oxhip --print-file-name=libgcc.a >> %t/oxhip.txt
// RUN: %oxhip -print-search-dirs >> %t/oxhip.txt
// RUN: %oxhip -print-runtime-dir >> %t/oxhip.txt
// RUN: %oxhip -print-multi-directory >> %t/oxhip.txt
// RUN: %oxhip -print-multi-lib >> %t/oxhip.txt
// RUN: %upstream-clang -dumpmachine > %t/clang.txt
// RUN: %upstream-clang -dumpversion >> %t/clang.txt
// RUN: %upstream-clang -print-target-triple >> %t/clang.txt
// RUN: %upstream-clang -print-effective-triple >> %t/clang.txt
// RUN: %upstream-clang -print-prog-name=ld >> %t/clang.txt
// RUN: %upstream-clang -print-file-name=include >> %t/clang.txt
// RUN: %upstream-clang --print-file-name=libgcc.a >> %t/clang.txt
// RUN: %upstream-clang -print-search-dirs >> %t/clang.txt
// RUN: %upstream-clang -print-runtime-dir >> %t/clang.txt
// RUN: %upstream-clang -print-multi-directory >> %t/clang.txt
// RUN: %upstream-clang -print-multi-lib >> %t/clang.txt
// RUN: diff %t/clang.txt %t/oxhip.txt
// RUN: FileCheck %s --input-file=%t/oxhip.txt
// CHECK: x86_64-{{.*}}linux-gnu
// CHECK-NEXT: {{^22\.}}
// CHECK: programs: =
// CHECK: libraries: =
//
// With inputs on the line, clang answers and compiles nothing; so does oxhip.
// RUN: printf 'int main() { return 0; }\n' > %t/x.c
// RUN: cd %t && %oxhip -print-prog-name=ld -c x.c -o x.o > %t/with-input.txt
// RUN: %upstream-clang -print-prog-name=ld > %t/without-input.txt
// RUN: diff %t/without-input.txt %t/with-input.txt
// RUN: test ! -e %t/x.o
// RUN: cd %t && %oxhip -dumpmachine %s | FileCheck %s --check-prefix=MACHINE
// MACHINE: x86_64-{{.*}}linux-gnu
// RUN: test ! -e %t/a.out
//
// Nothing else is printed, and the exit status is clang's.
// RUN: %oxhip -dumpversion 2>&1 | count 1
// RUN: not %oxhip -print-prog-name 2>&1 | FileCheck %s --check-prefix=BARE
// BARE: error:
