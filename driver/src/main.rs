//! `oxhip` binary. (Skeleton.)
fn main() {}
