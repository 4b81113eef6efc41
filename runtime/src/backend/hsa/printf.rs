//! The host end of device `printf` on amdgcn: the buffer the runtime passes as each kernel's
//! hidden hostcall argument, and the decoding of the records that devicelibs'
//! `lib/printf.c` writes into it (the layout is described there).
//!
//! Records are formatted with the C library's `snprintf`, one conversion at a time, so the
//! output is what the same `printf` prints on the host. A record that is damaged or still
//! being written ends the drain; nothing is read outside the buffer.

use std::ffi::{c_char, CString};

/// Bytes before the record area: capacity, next, dropped, then padding.
pub(crate) const HEADER_SIZE: usize = 64;
/// Bytes of one record (one `printf` call), as `lib/printf.c` takes them.
pub(crate) const SLOT_SIZE: usize = 512;

const TAG_STRING: u64 = 1;
const TAG_NULL_STRING: u64 = 2;
const TAG_WORD: u64 = 3;
const TAG_CUT: u64 = 4;

/// What one drain gave.
pub(crate) struct Drained {
    pub(crate) text: Vec<u8>,
    /// `printf` calls that found no room in the buffer.
    pub(crate) dropped: u64,
}

fn word(buffer: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(buffer.get(at..at + 8)?.try_into().ok()?))
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
        items.push(match tag {
            TAG_STRING => Item::Text(&slot[start..end]),
            TAG_NULL_STRING => Item::NullText,
            TAG_WORD => Item::Word(word(slot, start)?),
            TAG_CUT => Item::Cut,
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
    for offset in (0..records).step_by(SLOT_SIZE) {
        let start = HEADER_SIZE + offset;
        let Some(slot) = buffer.get(start..start + SLOT_SIZE) else {
            break;
        };
        match items(slot) {
            Some(items) => format_record(&items, &mut text),
            None => {
                text.extend_from_slice(
                    b"[oxhip: a device printf record was incomplete or damaged]\n",
                );
                break;
            }
        }
    }
    Drained { text, dropped }
}

/// A text item without its terminating NUL (and anything after a NUL inside it).
fn c_text(bytes: &[u8]) -> &[u8] {
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    &bytes[..end]
}

/// Formats one record: the first item is the format, the rest its arguments.
fn format_record(items: &[Item<'_>], out: &mut Vec<u8>) {
    let Some(Item::Text(format)) = items.first() else {
        return;
    };
    let mut arguments = items[1..].iter();
    let format = c_text(format);
    let mut at = 0;
    while at < format.len() {
        if format[at] != b'%' {
            out.push(format[at]);
            at += 1;
            continue;
        }
        let Some(spec) = conversion(&format[at..]) else {
            out.extend_from_slice(&format[at..]);
            break;
        };
        at += spec.length;
        if spec.conversion == b'%' {
            out.push(b'%');
            continue;
        }
        let mut star_values = Vec::new();
        for _ in 0..spec.stars {
            match arguments.next() {
                Some(Item::Word(value)) => star_values.push(*value as i32),
                _ => star_values.push(0),
            }
        }
        let argument = arguments.next();
        if matches!(argument, Some(Item::Cut)) {
            out.extend_from_slice(b"[oxhip: printf record cut short]");
            break;
        }
        format_one(&spec, &star_values, argument, out);
    }
    if items.contains(&Item::Cut) && !out.ends_with(b"]") {
        out.extend_from_slice(b"[oxhip: printf record cut short]\n");
    }
}

/// One `%...` conversion: its text with C's syntax, what it converts, and how many `*`.
struct Conversion {
    /// The flags, width and precision as written (`*` included), without the length.
    body: Vec<u8>,
    /// The length modifier as written (`hh`, `l`, `ll`, `z`, ...).
    modifier: Vec<u8>,
    conversion: u8,
    stars: usize,
    /// Bytes of the format this conversion spans.
    length: usize,
}

fn conversion(text: &[u8]) -> Option<Conversion> {
    let mut at = 1;
    let mut stars = 0;
    while at < text.len() && b"-+ #0".contains(&text[at]) {
        at += 1;
    }
    let mut number = |at: &mut usize| {
        if text.get(*at) == Some(&b'*') {
            stars += 1;
            *at += 1;
        } else {
            while text.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
        }
    };
    number(&mut at);
    if text.get(at) == Some(&b'.') {
        at += 1;
        number(&mut at);
    }
    let body = text[1..at].to_vec();
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
        stars,
        length: at + 1,
    })
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
                _ => b"(null)".to_vec(),
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

    /// Writes records as `lib/printf.c` does (the layout it documents), for the decoder.
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
        assert_eq!(drained.dropped, 0);
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
        let out = text(&drain(&writer.buffer));
        assert!(
            out.starts_with("first 1\ncut 2 [oxhip: printf record cut short]"),
            "{out}"
        );
        assert!(out.contains("incomplete or damaged"), "{out}");
        assert!(!out.contains("never"), "{out}");
        // A damaged length never reads past the slot.
        let mut writer = Writer::new(1);
        writer.record(&[Item::Text(b"x\0")]);
        writer.buffer[HEADER_SIZE + 8 + 7] = 0x01; // the item's tag byte: tag 1, huge length
        writer.buffer[HEADER_SIZE + 8] = 0xff;
        let _ = drain(&writer.buffer);
        // Anything at all, never a panic.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut writer = Writer::new(2);
        writer.record(&[
            Item::Text(b"%s %d %f\n\0"),
            Item::Text(b"abc\0"),
            Item::Word(1),
            Item::Word(2),
        ]);
        for _ in 0..5000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mut bad = writer.buffer.clone();
            let position = (state % bad.len() as u64) as usize;
            bad[position] = (state >> 40) as u8;
            let _ = drain(&bad);
        }
    }

    type Begin = unsafe extern "C" fn(u64) -> u64;
    type Args = unsafe extern "C" fn(u64, u32, u64, u64, u64, u64, u64, u64, u64, u32) -> u64;
    type Text = unsafe extern "C" fn(u64, *const u8, u64, u32) -> u64;

    /// devicelibs' `lib/printf.c` built for the host with clang-22, as a shared library.
    #[expect(
        clippy::print_stderr,
        reason = "a skipped test says why on the test's stderr"
    )]
    fn device_side(dir: &std::path::Path) -> Option<libloading::Library> {
        let source =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../devicelibs/lib/printf.c");
        let library = dir.join("libprintf.so");
        let status = std::process::Command::new("clang-22")
            .args(["-shared", "-fPIC", "-O2", "-DOXHIP_PRINTF_HOST_TEST"])
            .arg(&source)
            .arg("-o")
            .arg(&library)
            .status();
        match status {
            Ok(status) if status.success() => {}
            Ok(_) => panic!("clang-22 could not build {}", source.display()),
            Err(error) => {
                eprintln!("skipped: clang-22 cannot run ({error}); scripts/setup.sh installs it");
                return None;
            }
        }
        // SAFETY: the library is the file just built, with no initialisers of its own.
        Some(unsafe { libloading::Library::new(&library) }.expect("loading the device side"))
    }

    #[test]
    fn what_the_device_side_writes_from_many_threads_decodes_to_every_line() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let Some(library) = device_side(dir.path()) else {
            return;
        };
        const THREADS: usize = 8;
        const CALLS: usize = 150;
        // Room for all but 100 of the records: those are dropped and counted.
        let slots = THREADS * CALLS - 100;
        let mut buffer = vec![0u8; HEADER_SIZE + slots * SLOT_SIZE];
        initialise(&mut buffer);
        // SAFETY: the symbols are the functions and the variable printf.c defines, with
        // these C types.
        let (begin, args, text, target) = unsafe {
            (
                *library
                    .get::<Begin>(b"__ockl_printf_begin\0")
                    .expect("begin"),
                *library
                    .get::<Args>(b"__ockl_printf_append_args\0")
                    .expect("args"),
                *library
                    .get::<Text>(b"__ockl_printf_append_string_n\0")
                    .expect("text"),
                *library
                    .get::<*mut u64>(b"oxhip_printf_test_buffer\0")
                    .expect("buffer"),
            )
        };
        // SAFETY: the variable is the library's u64; no thread uses it yet.
        unsafe { target.write(buffer.as_mut_ptr() as u64) };
        std::thread::scope(|scope| {
            for thread in 0..THREADS {
                scope.spawn(move || {
                    let format = b"t%d c%u %s %.2f %s|%5lld\n\0";
                    let word = b"word\0";
                    for call in 0..CALLS {
                        // SAFETY: the call sequence clang emits for
                        // printf(format, thread, call, "word", call / 4.0, NULL, -call).
                        unsafe {
                            let mut d = begin(0);
                            d = text(d, format.as_ptr(), format.len() as u64, 0);
                            d = args(d, 1, thread as u64, 0, 0, 0, 0, 0, 0, 0);
                            d = args(d, 1, call as u64, 0, 0, 0, 0, 0, 0, 0);
                            d = text(d, word.as_ptr(), word.len() as u64, 0);
                            d = args(d, 1, (call as f64 / 4.0).to_bits(), 0, 0, 0, 0, 0, 0, 0);
                            d = text(d, std::ptr::null(), 0, 0);
                            args(d, 1, (-(call as i64)) as u64, 0, 0, 0, 0, 0, 0, 1);
                        }
                    }
                });
            }
        });
        let drained = drain(&buffer);
        assert_eq!(drained.dropped, 100);
        let out = String::from_utf8(drained.text).expect("text");
        let lines: std::collections::HashSet<&str> = out.lines().collect();
        assert_eq!(out.lines().count(), slots, "one line per record that fit");
        assert_eq!(lines.len(), slots, "no line twice");
        for line in &lines {
            let (thread, call) = line
                .strip_prefix('t')
                .and_then(|rest| rest.split_once(" c"))
                .map(|(t, rest)| (t, rest.split(' ').next().unwrap_or("")))
                .unwrap_or_else(|| panic!("unexpected line `{line}`"));
            let call: usize = call.parse().expect("a call number");
            let _: usize = thread.parse().expect("a thread number");
            let expected = format!(
                "t{thread} c{call} word {:.2} (null)|{:5}",
                call as f64 / 4.0,
                -(call as i64)
            );
            assert_eq!(*line, expected);
        }
        // A record longer than its slot is cut, and says so.
        reset(&mut buffer);
        let long = [b'x'; 900];
        let mut format = b"%s and %d\n".to_vec();
        format.push(0);
        // SAFETY: as above, for printf("%s and %d\n", <900 x>, 5).
        unsafe {
            let mut d = begin(0);
            d = text(d, format.as_ptr(), format.len() as u64, 0);
            let mut long_text = long.to_vec();
            long_text.push(0);
            d = text(d, long_text.as_ptr(), long_text.len() as u64, 0);
            args(d, 1, 5, 0, 0, 0, 0, 0, 0, 1);
        }
        let out = String::from_utf8(drain(&buffer).text).expect("text");
        assert!(out.starts_with("xxxx"), "{out}");
        assert!(out.contains("cut short"), "{out}");
        assert!(out.len() < 600, "{out}");
        // SAFETY: the buffer is about to go away; printf with a null buffer prints nothing.
        unsafe {
            target.write(0);
            assert_eq!(begin(0), 0);
        }
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
        assert_eq!((text(&drained).as_str(), drained.dropped), ("", 0));
        assert_eq!(word(&writer.buffer, 0), Some(2 * SLOT_SIZE as u64));
    }
}
