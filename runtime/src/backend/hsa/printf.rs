//! The host end of device `printf` on amdgcn: the buffer the runtime passes in each kernel's
//! hidden hostcall argument (`hidden_hostcall_buffer`, 80 bytes into the implicit arguments of
//! code object v5), and the decoding of the records devicelibs' `lib/printf.c` writes into it.
//! Allocating the buffer, filling the argument and printing the text are the backend's
//! (`super`); this file only lays out, decodes and empties the bytes.
//!
//! The buffer, little-endian (`lib/printf.c` describes the same layout from the device's side):
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | capacity: bytes of the record area |
//! | 8 | 8 | next: bytes of the record area taken; each `printf` adds [`SLOT_SIZE`] atomically, also when it finds no room, so it may pass the capacity |
//! | 16 | 8 | dropped: `printf` calls that found no room |
//! | 24 | 40 | zero |
//! | 64 | capacity | the record area: one slot of [`SLOT_SIZE`] bytes per `printf` call |
//!
//! A slot holds one record: u32 state (0 until the record is complete, then 1), u32 length
//! (bytes of the record, these 8 included; the device stores both last, with release order),
//! then items. An item is an u64 header, `(tag << 56) | payload bytes`, and the payload,
//! zero-padded to a multiple of 8:
//!
//! | tag | payload |
//! | --- | --- |
//! | 1 | a string with its NUL: the format first, then each `%s` argument |
//! | 2 | none: a null `%s` argument |
//! | 3 | 8 bytes: one argument as the program passed it (integers of 32 bits or fewer zero-extended from 32, floating point as a double's bits, pointers as addresses) |
//! | 4 | none: the record was cut short here, what followed did not fit the slot |
//!
//! Records are formatted with the C library's `snprintf`, one conversion at a time, so the
//! output is what the same `printf` prints on the host. Records come out in the order their
//! calls took their slots. A record that is incomplete or damaged ends the drain with a note
//! in the text; nothing is read outside the buffer and no input makes it panic.

use std::ffi::{c_char, CString};

/// Bytes before the record area: capacity, next, dropped, then zeros.
pub(crate) const HEADER_SIZE: usize = 64;
/// Bytes of one record (one `printf` call), as `lib/printf.c` takes them.
pub(crate) const SLOT_SIZE: usize = 512;

const TAG_STRING: u64 = 1;
const TAG_NULL_STRING: u64 = 2;
const TAG_WORD: u64 = 3;
const TAG_CUT: u64 = 4;

/// Where a record that did not fit its slot stops.
const CUT_NOTE: &[u8] = b"[oxhip: printf record cut short]\n";
const DAMAGED_NOTE: &[u8] = b"[oxhip: a device printf record was incomplete or damaged]\n";

/// What one drain gave.
pub(crate) struct Drained {
    /// The records' text, as the host's `printf` prints the same calls.
    pub(crate) text: Vec<u8>,
    /// `printf` calls that found no room in the buffer.
    pub(crate) dropped: u64,
    /// Bytes of the record area decoded: every slot taken, or up to the first record that was
    /// incomplete or damaged.
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the backend prints the text and the drops only")
    )]
    pub(crate) consumed: u64,
}

fn word(buffer: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        buffer.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

fn set_word(buffer: &mut [u8], at: usize, value: u64) {
    if let Some(slot) = buffer.get_mut(at..at + 8) {
        slot.copy_from_slice(&value.to_le_bytes());
    }
}

/// Writes the header of an empty buffer (`buffer` is the whole allocation).
pub(crate) fn initialise(buffer: &mut [u8]) {
    buffer.fill(0);
    let capacity = buffer.len().saturating_sub(HEADER_SIZE) as u64;
    set_word(buffer, 0, capacity);
}

/// Empties the buffer after a drain (no kernel may be writing to it).
pub(crate) fn reset(buffer: &mut [u8]) {
    let used = word(buffer, 8)
        .and_then(|next| usize::try_from(next).ok())
        .unwrap_or(usize::MAX)
        .min(buffer.len().saturating_sub(HEADER_SIZE));
    // Clearing the states of the used slots is enough: the next records start at 0.
    for slot in (0..used).step_by(SLOT_SIZE) {
        set_word(buffer, HEADER_SIZE + slot, 0);
    }
    set_word(buffer, 8, 0);
    set_word(buffer, 16, 0);
}

/// One item of a record.
#[derive(Debug, PartialEq)]
enum Item<'a> {
    Text(&'a [u8]),
    NullText,
    Word(u64),
    Cut,
}

/// The items of the record in `slot`, or `None` if it is not complete or is damaged.
fn items(slot: &[u8]) -> Option<Vec<Item<'_>>> {
    let state = u32::from_le_bytes(slot.get(0..4)?.try_into().ok()?);
    let length = usize::try_from(u32::from_le_bytes(slot.get(4..8)?.try_into().ok()?)).ok()?;
    if state != 1 || length < 8 || length > slot.len() {
        return None;
    }
    let mut items = Vec::new();
    let mut at = 8;
    while at < length {
        let header = word(slot, at)?;
        let (tag, payload) = (
            header >> 56,
            usize::try_from(header & ((1 << 56) - 1)).ok()?,
        );
        let start = at + 8;
        let end = start.checked_add(payload)?;
        if end > length {
            return None;
        }
        items.push(match (tag, payload) {
            (TAG_STRING, _) => Item::Text(&slot[start..end]),
            (TAG_NULL_STRING, 0) => Item::NullText,
            (TAG_WORD, 8) => Item::Word(word(slot, start)?),
            (TAG_CUT, 0) => Item::Cut,
            _ => return None,
        });
        at = start + payload.next_multiple_of(8);
    }
    Some(items)
}

/// Decodes and formats every complete record in order, up to the first one that is not.
pub(crate) fn drain(buffer: &[u8]) -> Drained {
    let capacity = word(buffer, 0).unwrap_or(0);
    let next = word(buffer, 8).unwrap_or(0);
    let dropped = word(buffer, 16).unwrap_or(0);
    let records = usize::try_from(next.min(capacity))
        .unwrap_or(0)
        .min(buffer.len().saturating_sub(HEADER_SIZE));
    let mut text = Vec::new();
    let mut consumed = 0;
    for offset in (0..records).step_by(SLOT_SIZE) {
        let start = HEADER_SIZE + offset;
        let Some(slot) = buffer.get(start..start + SLOT_SIZE) else {
            break;
        };
        match items(slot) {
            Some(items) => format_record(&items, &mut text),
            None => {
                text.extend_from_slice(DAMAGED_NOTE);
                break;
            }
        }
        consumed = (offset + SLOT_SIZE) as u64;
    }
    Drained {
        text,
        dropped,
        consumed,
    }
}

/// A text item without its terminating NUL (and anything after a NUL inside it).
fn c_text(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    &bytes[..end]
}

/// Formats one record: the first item is the format, the rest its arguments in order (a `*`
/// width or precision takes one before its conversion's).
fn format_record(items: &[Item<'_>], out: &mut Vec<u8>) {
    let Some((Item::Text(format), arguments)) = items.split_first() else {
        // A null format prints nothing.
        if items.contains(&Item::Cut) {
            out.extend_from_slice(CUT_NOTE);
        }
        return;
    };
    let format = c_text(format);
    let mut next = 0;
    let mut at = 0;
    while at < format.len() {
        let Some(percent) = format[at..].iter().position(|b| *b == b'%') else {
            out.extend_from_slice(&format[at..]);
            break;
        };
        out.extend_from_slice(&format[at..at + percent]);
        at += percent;
        let Some(spec) = conversion(&format[at..]) else {
            // Not a conversion: printed as written, taking no argument, as glibc does.
            out.push(b'%');
            at += 1;
            continue;
        };
        at += spec.length;
        if spec.conversion == b'%' {
            out.push(b'%');
            continue;
        }
        let mut stars = [0i32; 2];
        for star in stars.iter_mut().take(spec.stars()) {
            match arguments.get(next) {
                Some(Item::Cut) => {
                    out.extend_from_slice(CUT_NOTE);
                    return;
                }
                // The program passed an int: its low 32 bits. A negative width means `-`,
                // a negative precision none, so the bound keeps the sign.
                Some(Item::Word(value)) => {
                    let bound = MAX_FIELD as i32;
                    *star = (*value as i32).clamp(-bound, bound);
                }
                _ => {}
            }
            next += 1;
        }
        let argument = arguments.get(next);
        if argument == Some(&Item::Cut) {
            out.extend_from_slice(CUT_NOTE);
            return;
        }
        next += 1;
        format_one(&spec, &stars[..spec.stars()], argument, out);
        // A string cut short: the note goes right after what was kept of it.
        if matches!(argument, Some(Item::Text(_))) && arguments.get(next) == Some(&Item::Cut) {
            out.extend_from_slice(CUT_NOTE);
            return;
        }
    }
    if arguments.contains(&Item::Cut) {
        out.extend_from_slice(CUT_NOTE);
    }
}

/// Widths and precisions above this are taken as this: glibc spends time and memory in
/// proportion to them, and no program means them (a damaged record might).
const MAX_FIELD: usize = 1 << 16;

/// One `%...` conversion: its text with C's syntax, what it converts, and its `*`s.
struct Conversion {
    /// The flags, width and precision (`*` included, numbers at most [`MAX_FIELD`]), without
    /// the length modifier.
    body: Vec<u8>,
    /// The length modifier as written (`hh`, `l`, `ll`, `z`, ...).
    modifier: Vec<u8>,
    conversion: u8,
    width: Option<Field>,
    precision: Option<Field>,
    /// Bytes of the format this conversion spans.
    length: usize,
}

enum Field {
    Digits(usize),
    Star,
}

impl Conversion {
    /// The arguments its `*`s take before its own.
    fn stars(&self) -> usize {
        [&self.width, &self.precision]
            .into_iter()
            .filter(|field| matches!(field, Some(Field::Star)))
            .count()
    }
}

/// The conversion at the start of `text` (which starts with `%`), or `None` if it is not one
/// C defines.
fn conversion(text: &[u8]) -> Option<Conversion> {
    let mut at = 1;
    while at < text.len() && b"-+ #0'".contains(&text[at]) {
        at += 1;
    }
    let mut body = text[1..at].to_vec();
    let width = field(text, &mut at, &mut body);
    let mut precision = None;
    if text.get(at) == Some(&b'.') {
        at += 1;
        body.push(b'.');
        // A `.` alone is precision 0.
        precision = Some(field(text, &mut at, &mut body).unwrap_or(Field::Digits(0)));
    }
    let modifier_start = at;
    while at < text.len() && b"hlzjtLq".contains(&text[at]) {
        at += 1;
    }
    let modifier = text[modifier_start..at].to_vec();
    let conversion = *text.get(at)?;
    if !b"diouxXcspfFeEgGaAn%".contains(&conversion) {
        return None;
    }
    Some(Conversion {
        body,
        modifier,
        conversion,
        width,
        precision,
        length: at + 1,
    })
}

/// A width or precision at `at`: `*` or digits, copied to `body` (the number at most
/// [`MAX_FIELD`]).
fn field(text: &[u8], at: &mut usize, body: &mut Vec<u8>) -> Option<Field> {
    if text.get(*at) == Some(&b'*') {
        *at += 1;
        body.push(b'*');
        return Some(Field::Star);
    }
    let start = *at;
    while text.get(*at).is_some_and(u8::is_ascii_digit) {
        *at += 1;
    }
    if start == *at {
        return None;
    }
    let value = text[start..*at]
        .iter()
        .fold(0usize, |value, digit| {
            value
                .saturating_mul(10)
                .saturating_add(usize::from(digit - b'0'))
        })
        .min(MAX_FIELD);
    body.extend_from_slice(value.to_string().as_bytes());
    Some(Field::Digits(value))
}

/// Formats one argument with the C library, as the host's printf would.
fn format_one(spec: &Conversion, stars: &[i32], argument: Option<&Item<'_>>, out: &mut Vec<u8>) {
    let mut format = b"%".to_vec();
    format.extend_from_slice(&spec.body);
    let value = match argument {
        Some(Item::Word(value)) => *value,
        _ => 0,
    };
    let mut buffer = vec![0u8; 512];
    // The integer as the length modifier says the program passed it (device words are
    // zero- or sign-extended from that width).
    let integer = |signed: bool| -> u64 {
        let bits = match spec.modifier.as_slice() {
            b"hh" => 8,
            b"h" => 16,
            b"" => 32,
            _ => 64,
        };
        if bits == 64 {
            return value;
        }
        let mask = (1u64 << bits) - 1;
        let truncated = value & mask;
        if signed && truncated >> (bits - 1) == 1 {
            truncated | !mask
        } else {
            truncated
        }
    };
    let written = match spec.conversion {
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => {
            format.extend_from_slice(b"ll");
            format.push(spec.conversion);
            let signed = matches!(spec.conversion, b'd' | b'i');
            snprintf(&mut buffer, &format, stars, Value::Integer(integer(signed)))
        }
        b'c' => {
            format.push(b'c');
            snprintf(&mut buffer, &format, stars, Value::Int(value as i32))
        }
        b'p' => {
            format.push(b'p');
            snprintf(&mut buffer, &format, stars, Value::Pointer(value as usize))
        }
        // `L` is dropped: long double is double on amdgcn.
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            format.push(spec.conversion);
            snprintf(
                &mut buffer,
                &format,
                stars,
                Value::Double(f64::from_bits(value)),
            )
        }
        b's' => {
            let text = match argument {
                Some(Item::Text(bytes)) => c_text(bytes).to_vec(),
                // With a format that is not a constant, clang passes a string's address,
                // which the host cannot read.
                Some(Item::Word(address)) if *address != 0 => {
                    out.extend_from_slice(b"[oxhip: %s of a format that is not a constant]");
                    return;
                }
                // glibc's text for a null string: "(null)", or nothing when the precision
                // is too small for it.
                _ => {
                    let precision = match spec.precision {
                        None => None,
                        Some(Field::Digits(digits)) => Some(digits),
                        Some(Field::Star) => stars.last().and_then(|p| usize::try_from(*p).ok()),
                    };
                    if precision.is_some_and(|p| p < 6) {
                        Vec::new()
                    } else {
                        b"(null)".to_vec()
                    }
                }
            };
            format.push(b's');
            let text = CString::new(text).unwrap_or_default();
            snprintf(&mut buffer, &format, stars, Value::Text(text))
        }
        // %n writes nothing visible; the device pointer is not the host's.
        _ => 0,
    };
    out.extend_from_slice(&buffer[..written]);
}

enum Value {
    Integer(u64),
    Int(i32),
    Pointer(usize),
    Double(f64),
    Text(CString),
}

/// `snprintf` of one conversion with its `*` values; returns the bytes written to `buffer`
/// (growing it when the output is longer).
fn snprintf(buffer: &mut Vec<u8>, format: &[u8], stars: &[i32], value: Value) -> usize {
    let Ok(format) = CString::new(format) else {
        return 0;
    };
    loop {
        let capacity = buffer.len();
        let pointer = buffer.as_mut_ptr().cast::<c_char>();
        let star = |index: usize| stars.get(index).copied().unwrap_or(0);
        // SAFETY: `format` holds exactly one conversion with `stars.len()` `*` fields, and the
        // variadic arguments passed match it: the `*` values as ints, then the value in the
        // C type of its conversion (long long for integers with the `ll` modifier written in,
        // int for %c, void* for %p, double for floating point, char* for %s). The output is
        // bounded by `capacity`.
        let written = unsafe {
            match (&value, stars.len()) {
                (Value::Integer(v), 0) => libc::snprintf(pointer, capacity, format.as_ptr(), *v),
                (Value::Integer(v), 1) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), *v)
                }
                (Value::Integer(v), _) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), star(1), *v)
                }
                (Value::Int(v), 0) => libc::snprintf(pointer, capacity, format.as_ptr(), *v),
                (Value::Int(v), 1) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), *v)
                }
                (Value::Int(v), _) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), star(1), *v)
                }
                (Value::Pointer(v), 0) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), *v as *const u8)
                }
                (Value::Pointer(v), 1) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), *v as *const u8)
                }
                (Value::Pointer(v), _) => libc::snprintf(
                    pointer,
                    capacity,
                    format.as_ptr(),
                    star(0),
                    star(1),
                    *v as *const u8,
                ),
                (Value::Double(v), 0) => libc::snprintf(pointer, capacity, format.as_ptr(), *v),
                (Value::Double(v), 1) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), *v)
                }
                (Value::Double(v), _) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), star(1), *v)
                }
                (Value::Text(v), 0) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), v.as_ptr())
                }
                (Value::Text(v), 1) => {
                    libc::snprintf(pointer, capacity, format.as_ptr(), star(0), v.as_ptr())
                }
                (Value::Text(v), _) => libc::snprintf(
                    pointer,
                    capacity,
                    format.as_ptr(),
                    star(0),
                    star(1),
                    v.as_ptr(),
                ),
            }
        };
        let Ok(written) = usize::try_from(written) else {
            return 0;
        };
        if written < capacity {
            return written;
        }
        // A width of millions would be the program's own doing; cap the growth.
        if written > 1 << 20 {
            return capacity.saturating_sub(1);
        }
        buffer.resize(written + 1, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::path::Path;
    use std::process::Command;

    /// Writes records as `lib/printf.c` does (the layout above), for the decoder.
    struct Writer {
        buffer: Vec<u8>,
    }

    impl Writer {
        fn new(slots: usize) -> Writer {
            let mut buffer = vec![0u8; HEADER_SIZE + slots * SLOT_SIZE];
            initialise(&mut buffer);
            Writer { buffer }
        }
        fn record(&mut self, items: &[Item<'_>]) {
            let next = word(&self.buffer, 8).unwrap() as usize;
            let slot = HEADER_SIZE + next;
            let mut at = 8;
            for item in items {
                let (tag, payload): (u64, Vec<u8>) = match item {
                    Item::Text(bytes) => (TAG_STRING, bytes.to_vec()),
                    Item::NullText => (TAG_NULL_STRING, Vec::new()),
                    Item::Word(value) => (TAG_WORD, value.to_le_bytes().to_vec()),
                    Item::Cut => (TAG_CUT, Vec::new()),
                };
                set_word(
                    &mut self.buffer,
                    slot + at,
                    (tag << 56) | payload.len() as u64,
                );
                self.buffer[slot + at + 8..slot + at + 8 + payload.len()].copy_from_slice(&payload);
                at += 8 + payload.len().next_multiple_of(8);
            }
            self.buffer[slot..slot + 4].copy_from_slice(&1u32.to_le_bytes());
            self.buffer[slot + 4..slot + 8].copy_from_slice(&(at as u32).to_le_bytes());
            set_word(&mut self.buffer, 8, (next + SLOT_SIZE) as u64);
        }
    }

    fn text(drained: &Drained) -> String {
        String::from_utf8_lossy(&drained.text).into_owned()
    }

    /// The text of one record.
    fn check(items: &[Item<'_>]) -> String {
        let mut writer = Writer::new(1);
        writer.record(items);
        text(&drain(&writer.buffer))
    }

    #[test]
    fn records_print_as_the_c_library_prints() {
        let mut writer = Writer::new(8);
        writer.record(&[
            Item::Text(b"int %d, unsigned %u, hex %#x, char %c, long %ld\n\0"),
            Item::Word(u64::from((-5i32) as u32)),
            Item::Word(4_000_000_000),
            Item::Word(255),
            Item::Word(u64::from(b'Q')),
            Item::Word((-7i64) as u64),
        ]);
        writer.record(&[
            Item::Text(b"%8.3f|%-6s|%e|%g|%%|%s\n\0"),
            Item::Word(1.23456f64.to_bits()),
            Item::Text(b"ab\0"),
            Item::Word(1e-10f64.to_bits()),
            Item::Word(0.5f64.to_bits()),
            Item::NullText,
        ]);
        writer.record(&[
            Item::Text(b"%*d|%.*f|%hhd|%hd|%llx\n\0"),
            Item::Word(5),
            Item::Word(42),
            Item::Word(2),
            Item::Word(2.5f64.to_bits()),
            Item::Word(0x1ff),
            Item::Word(0x18000),
            Item::Word(u64::MAX),
        ]);
        let drained = drain(&writer.buffer);
        assert_eq!(
            text(&drained),
            "int -5, unsigned 4000000000, hex 0xff, char Q, long -7\n   1.235|ab    |1.000000e-10|0.5|%|(null)\n   42|2.50|-1|-32768|ffffffffffffffff\n"
        );
        assert_eq!(
            (drained.dropped, drained.consumed),
            (0, 3 * SLOT_SIZE as u64)
        );
    }

    #[test]
    fn what_c_leaves_alone_and_null_strings() {
        // Not conversions: printed as written, taking no argument (glibc's behaviour).
        assert_eq!(
            check(&[Item::Text(b"%y|%5y|%d|%\0"), Item::Word(3)]),
            "%y|%5y|3|%"
        );
        // A null string is "(null)", or nothing when the precision is below 6, as in glibc.
        assert_eq!(
            check(&[
                Item::Text(b"[%s|%.3s|%.6s|%8s|%.*s]\n\0"),
                Item::NullText,
                Item::NullText,
                Item::NullText,
                Item::NullText,
                Item::Word(2),
                Item::NullText,
            ]),
            "[(null)||(null)|  (null)|]\n"
        );
        // With a format that is not a constant, clang passes a %s argument's address.
        assert_eq!(
            check(&[
                Item::Text(b"%s|%s\n\0"),
                Item::Word(0x7000_1000),
                Item::Word(0)
            ]),
            "[oxhip: %s of a format that is not a constant]|(null)\n"
        );
        // Widths and precisions are bounded, written or passed.
        let huge = check(&[
            Item::Text(b"%99999999999999999999999d|%.*f\n\0"),
            Item::Word(1),
            Item::Word(2_000_000_000),
            Item::Word(1.5f64.to_bits()),
        ]);
        assert_eq!(huge.len(), MAX_FIELD + 1 + 2 + MAX_FIELD + 1);
        assert!(huge.starts_with("    ") && huge.contains("1|1.5000"));
        // Missing arguments are zeros and null strings, not a failure.
        assert_eq!(check(&[Item::Text(b"%d %s %f\n\0")]), "0 (null) 0.000000\n");
    }

    #[test]
    fn incomplete_damaged_and_cut_records() {
        let mut writer = Writer::new(4);
        writer.record(&[Item::Text(b"first %d\n\0"), Item::Word(1)]);
        writer.record(&[Item::Text(b"cut %d %d\n\0"), Item::Word(2), Item::Cut]);
        writer.record(&[Item::Text(b"never\n\0")]);
        // The third record is still being written.
        let third = HEADER_SIZE + 2 * SLOT_SIZE;
        writer.buffer[third..third + 4].copy_from_slice(&0u32.to_le_bytes());
        let drained = drain(&writer.buffer);
        assert_eq!(
            text(&drained),
            "first 1\ncut 2 [oxhip: printf record cut short]\n\
             [oxhip: a device printf record was incomplete or damaged]\n"
        );
        assert_eq!(drained.consumed, 2 * SLOT_SIZE as u64);
        // A damaged length never reads past the slot.
        let mut writer = Writer::new(1);
        writer.record(&[Item::Text(b"x\0")]);
        writer.buffer[HEADER_SIZE + 8 + 7] = 0x01; // the item's tag byte: tag 1, huge length
        writer.buffer[HEADER_SIZE + 8] = 0xff;
        assert!(text(&drain(&writer.buffer)).contains("damaged"));
        // Anything at all, never a panic.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut writer = Writer::new(2);
        writer.record(&[
            Item::Text(b"%s %d %f %*.*e %c %p\n\0"),
            Item::Text(b"abc\0"),
            Item::Word(1),
            Item::Word(2),
            Item::Word(3),
            Item::Word(4),
            Item::Word(5),
            Item::Word(6),
            Item::Word(7),
        ]);
        for _ in 0..20000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut bad = writer.buffer.clone();
            for _ in 0..=(state >> 60) % 4 {
                let position = (state % bad.len() as u64) as usize;
                bad[position] = (state >> 40) as u8;
                state = state.rotate_left(23);
            }
            let _ = drain(&bad);
        }
        // Headers that claim more than the buffer holds.
        let mut bad = writer.buffer.clone();
        set_word(&mut bad, 0, u64::MAX);
        set_word(&mut bad, 8, u64::MAX);
        assert!(text(&drain(&bad)).starts_with("abc 1"));
        let _ = drain(&bad[..HEADER_SIZE + 100]);
        let _ = drain(&bad[..10]);
    }

    #[test]
    fn reset_empties_the_buffer_and_counts_drops() {
        let mut writer = Writer::new(2);
        writer.record(&[Item::Text(b"a\n\0")]);
        set_word(&mut writer.buffer, 16, 3);
        let drained = drain(&writer.buffer);
        assert_eq!((text(&drained).as_str(), drained.dropped), ("a\n", 3));
        reset(&mut writer.buffer);
        let drained = drain(&writer.buffer);
        assert_eq!(
            (text(&drained).as_str(), drained.dropped, drained.consumed),
            ("", 0, 0)
        );
        assert_eq!(word(&writer.buffer, 0), Some(2 * SLOT_SIZE as u64));
    }

    /// Builds devicelibs' `tests/printf_harness.c` with `lib/printf.c` for the host and runs
    /// it: it calls the device side as clang's lowering does and writes the buffers, and the
    /// host `snprintf`'s text for the same calls, into `dir`. False if clang cannot run.
    #[expect(
        clippy::print_stderr,
        reason = "a skipped test says why on the test's stderr"
    )]
    fn run_harness(dir: &Path) -> bool {
        let devicelibs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../devicelibs");
        let clang = std::env::var_os("OXHIP_CLANG").unwrap_or_else(|| "clang-22".into());
        let harness = dir.join("printf_harness");
        let status = Command::new(&clang)
            .args(["-O2", "-std=c11", "-pthread", "-DOXHIP_PRINTF_HOST_TEST"])
            .arg(devicelibs.join("lib/printf.c"))
            .arg(devicelibs.join("tests/printf_harness.c"))
            .arg("-o")
            .arg(&harness)
            .status();
        match status {
            Ok(status) if status.success() => {}
            Ok(_) => panic!("{} could not build the printf harness", clang.display()),
            Err(error) => {
                eprintln!("skipped: clang-22 cannot run ({error}); scripts/setup.sh installs it");
                return false;
            }
        }
        let output = Command::new(&harness)
            .arg(dir)
            .output()
            .expect("running the printf harness");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stdout)
        );
        true
    }

    fn lines(text: &[u8]) -> Vec<&[u8]> {
        let mut lines: Vec<&[u8]> = text.split(|b| *b == b'\n').collect();
        if lines.last() == Some(&&b""[..]) {
            lines.pop();
        }
        lines
    }

    #[test]
    fn what_clangs_lowering_writes_prints_as_the_c_library_prints() {
        let dir = tempfile::tempdir().expect("temporary directory");
        if !run_harness(dir.path()) {
            return;
        }
        let read = |name: &str| {
            std::fs::read(dir.path().join(name)).unwrap_or_else(|error| panic!("{name}: {error}"))
        };

        // Every case once, one thread: exactly the host's text.
        let drained = drain(&read("sequence.buffer"));
        assert_eq!(
            text(&drained),
            String::from_utf8_lossy(&read("sequence.expected"))
        );
        assert_eq!(
            (drained.dropped, drained.consumed),
            (0, 32 * SLOT_SIZE as u64)
        );

        // 8 threads x 1000 calls: the host's lines, in the order the calls took slots.
        let drained = drain(&read("threads.buffer"));
        let expected = read("threads.expected");
        let mut got = lines(&drained.text);
        let mut wanted = lines(&expected);
        assert_eq!((got.len(), wanted.len(), drained.dropped), (8000, 8000, 0));
        got.sort_unstable();
        wanted.sort_unstable();
        if let Some((got, wanted)) = got.iter().zip(&wanted).find(|(got, wanted)| got != wanted) {
            panic!(
                "decoded `{}`, the host printed `{}`",
                String::from_utf8_lossy(got),
                String::from_utf8_lossy(wanted)
            );
        }

        // The same calls with room for 5000: 3000 dropped, the rest decoded.
        let drained = drain(&read("overflow.buffer"));
        assert_eq!(drained.dropped, 3000);
        assert_eq!(drained.consumed, 5000 * SLOT_SIZE as u64);
        let expected = read("overflow.expected");
        let mut left: HashMap<&[u8], usize> = HashMap::new();
        for line in lines(&expected) {
            *left.entry(line).or_default() += 1;
        }
        let got = lines(&drained.text);
        assert_eq!(got.len(), 5000);
        for line in got {
            let count = left.get_mut(line).filter(|count| **count > 0);
            let Some(count) = count else {
                panic!(
                    "decoded `{}`, which no call printed",
                    String::from_utf8_lossy(line)
                );
            };
            *count -= 1;
        }

        // Records longer than a slot (the arithmetic is in the harness's `run_cut`).
        let cut = "[oxhip: printf record cut short]\n";
        let x = |n| "x".repeat(n);
        let numbers = |n| (0..n).map(|i| format!("{i},")).collect::<String>();
        let drained = drain(&read("cut.buffer"));
        assert_eq!(
            text(&drained),
            format!(
                "{}\n{}{cut}long: {}{cut}{}{cut}{}13\n{}{cut}",
                x(471),
                x(471),
                x(455),
                "f".repeat(487),
                numbers(13),
                numbers(22)
            )
        );
        assert_eq!(drained.consumed, 6 * SLOT_SIZE as u64);
    }
}
