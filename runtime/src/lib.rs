//! The oxhip HIP runtime. (Skeleton.)
