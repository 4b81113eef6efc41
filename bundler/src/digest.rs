//! The digest that oxhip appends to every CPU image it bundles, so that the runtime can tell
//! a damaged image from a good one before it hands the image to `dlopen`, whose loader
//! trusts every byte (issue 23).
//!
//! A sealed CPU image is the shared object's bytes followed by a 32-byte trailer:
//!
//! | offset from the trailer's start | size | field |
//! | --- | --- | --- |
//! | 0 | 16 | MD5 of the shared object's bytes (every byte before the trailer) |
//! | 16 | 8 | the shared object's length in bytes, u64 little endian |
//! | 24 | 8 | magic `OXHIPMD5` |
//!
//! The trailer goes after the ELF file, not before it, so a sealed image is still an ELF
//! file that `dlopen`, `readelf` and the bundler's ELF detection read as before (ELF
//! readers go by offsets and ignore bytes past what the headers describe), and it is part of
//! the entry's data, so it survives every bundle format (flat, `CCOB` v1–v3) and unbundling.
//!
//! The digest guards against damage (a flipped bit in storage or transfer, a truncated
//! copy), not against tampering: whoever can change the image can write a new trailer,
//! whatever the hash. MD5 is therefore enough, and it is the hash this crate already links
//! for `CCOB` headers; all 128 bits are kept.
//!
//! This module does no I/O. It does not look inside the shared object: the runtime checks
//! its ELF structure separately.

use md5::{Digest, Md5};

use crate::BundleError;

/// The magic at the end of a sealed CPU image.
pub const CPU_IMAGE_DIGEST_MAGIC: &[u8; 8] = b"OXHIPMD5";
/// The length of the trailer that [`seal_cpu_image`] appends.
pub const CPU_IMAGE_TRAILER_LEN: usize = 32;

/// A sealed CPU image taken apart: the shared object and the digest its trailer records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealedCpuImage<'a> {
    /// The shared object's bytes, without the trailer.
    pub image: &'a [u8],
    /// The MD5 the trailer records.
    pub digest: [u8; 16],
}

impl SealedCpuImage<'_> {
    /// Whether the shared object's bytes still have the recorded digest.
    pub fn verify(&self) -> Result<(), BundleError> {
        let actual = md5(self.image);
        if actual == self.digest {
            Ok(())
        } else {
            Err(BundleError::DigestMismatch {
                expected: self.digest,
                actual,
            })
        }
    }
}

fn md5(bytes: &[u8]) -> [u8; 16] {
    Md5::digest(bytes).into()
}

/// `image` followed by its digest trailer.
pub fn seal_cpu_image(image: &[u8]) -> Vec<u8> {
    let mut sealed = Vec::with_capacity(image.len() + CPU_IMAGE_TRAILER_LEN);
    sealed.extend_from_slice(image);
    sealed.extend_from_slice(&md5(image));
    sealed.extend_from_slice(&(image.len() as u64).to_le_bytes());
    sealed.extend_from_slice(CPU_IMAGE_DIGEST_MAGIC);
    sealed
}

/// Splits a sealed image into the shared object and its recorded digest, checking the
/// trailer's magic and length but not the digest itself ([`SealedCpuImage::verify`] does).
/// An image without a trailer is [`BundleError::MissingDigest`].
pub fn unseal_cpu_image(sealed: &[u8]) -> Result<SealedCpuImage<'_>, BundleError> {
    let missing = || BundleError::MissingDigest {
        len: sealed.len() as u64,
    };
    let image_len = sealed
        .len()
        .checked_sub(CPU_IMAGE_TRAILER_LEN)
        .ok_or_else(missing)?;
    let (image, trailer) = sealed.split_at(image_len);
    if &trailer[24..] != CPU_IMAGE_DIGEST_MAGIC {
        return Err(missing());
    }
    let recorded_len = u64::from_le_bytes(trailer[16..24].try_into().unwrap_or_default());
    if recorded_len != image_len as u64 {
        return Err(BundleError::DigestLength {
            recorded: recorded_len,
            actual: image_len as u64,
        });
    }
    Ok(SealedCpuImage {
        image,
        digest: trailer[..16].try_into().unwrap_or_default(),
    })
}

/// Whether `trailer` (at least [`CPU_IMAGE_TRAILER_LEN`] bytes) is the trailer of an
/// `image_len`-byte image: for readers that know where a shared object ends from its
/// headers and look for a trailer right after it.
pub fn is_cpu_image_trailer(trailer: &[u8], image_len: usize) -> bool {
    trailer.len() >= CPU_IMAGE_TRAILER_LEN
        && &trailer[24..32] == CPU_IMAGE_DIGEST_MAGIC
        && trailer[16..24] == (image_len as u64).to_le_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What unsealing and verifying `sealed` gives: the image length, or the error.
    fn check(sealed: &[u8]) -> String {
        match unseal_cpu_image(sealed).and_then(|parts| parts.verify().map(|()| parts)) {
            Ok(parts) => format!("ok, {} bytes", parts.image.len()),
            Err(error) => error.to_string(),
        }
    }

    #[test]
    fn sealed_images_open_and_damage_is_found() {
        let image = b"\x7fELF and the rest of a shared object".to_vec();
        let sealed = seal_cpu_image(&image);
        assert_eq!(sealed.len(), image.len() + CPU_IMAGE_TRAILER_LEN);
        assert!(is_cpu_image_trailer(&sealed[image.len()..], image.len()));
        insta::assert_snapshot!(check(&sealed), @"ok, 36 bytes");
        // Every byte is covered: the image by the digest, the trailer by its own fields.
        for at in 0..sealed.len() {
            let mut damaged = sealed.clone();
            damaged[at] ^= 0x10;
            assert!(check(&damaged) != "ok, 36 bytes", "a flip at {at} passed");
        }
        let mut damaged = sealed.clone();
        damaged[3] ^= 1;
        insta::assert_snapshot!(check(&damaged), @"CPU image is damaged: its MD5 is d1efb84d487fae511cf000fad2aa370d, its digest says f7b010d291d3f8ca2b7316ef3d6c2602");
        insta::assert_snapshot!(check(&sealed[1..]), @"CPU image digest covers 36 bytes, but the image has 35");
        insta::assert_snapshot!(check(&image), @"CPU image carries no digest (36 bytes): oxhip seals every CPU image it bundles; rebuild this one with this oxhip");
        insta::assert_snapshot!(check(b"short"), @"CPU image carries no digest (5 bytes): oxhip seals every CPU image it bundles; rebuild this one with this oxhip");
    }
}
