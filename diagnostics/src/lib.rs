//! `diagnostics`: see ARCHITECTURE.md. (Skeleton; the owner of this crate replaces this file.)
