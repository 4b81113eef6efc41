//! The oxhip driver library. (Skeleton.)
