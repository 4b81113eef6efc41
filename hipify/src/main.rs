//! `oxhipify` binary. (Skeleton.)
fn main() {}
