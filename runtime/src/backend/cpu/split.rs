//! The scheduler of kernels that codegen split at barriers and warp exchanges
//! (`codegen::cpu_regions`): between two phases of a group entry point
//! `__oxhip_cpu_group.K`, it performs the warp exchanges (shuffles and ballots) that whole
//! warps wait at, releases a barrier that the whole group waits at, and tells the entry
//! point which work-items run in the next phase. It runs no kernel code, and kernels split
//! at barriers only never call it (their entry points decide on their own).
//!
//! Each work-item has a state (`0`: returned; below `first_exchange`: waiting at a barrier
//! or, `1` only, not started; from `first_exchange` on: waiting at a warp exchange) and a
//! frame whose first columns are its exchange slot ([`Slots`]). The rules are the fibers' (`exec.rs`):
//! an exchange completes once every live lane of the warp waits at one (any one: lanes of
//! different groups, or in different branches, meet at their n-th exchange), and a barrier
//! once every live work-item of the group waits at one. A work-item that must wait gets
//! [`WAITING`] added to its state, which the entry point's loops skip.

use super::exec::WARP_SIZE;

/// The most work-items of a group.
const MOST_ITEMS: usize = super::MAX_THREADS_PER_BLOCK as usize;

/// Added to the state of a work-item that must not run in the next phase.
pub(crate) const WAITING: u32 = 1 << 31;

/// What [`schedule`] returns when the work-items that run next wait at different states
/// (codegen's `MIXED_STATES`).
pub(crate) const MIXED: u32 = 0x7fff_ffff;

/// Added to what [`schedule`] returns when it left work-items waiting: the entry point then
/// calls it after the next phase too, instead of doing a uniform exchange itself.
pub(crate) const LEFT_WAITING: u32 = 1 << 31;

/// The exchange slots of a split group's work-items: the first three columns of its frames
/// (codegen's `cpu_regions::EXCHANGE_SLOT_BYTES`), one element per work-item.
#[derive(Debug)]
pub(crate) struct Slots<'a> {
    /// In: the value a shuffle offers (0 for a ballot). Out: the exchange's result.
    pub(crate) words: &'a mut [i64],
    /// A shuffle's source lane, or a ballot's predicate.
    pub(crate) operands: &'a [i32],
    /// [`SHUFFLE`] or [`BALLOT`].
    pub(crate) kinds: &'a [i32],
}

pub(crate) const SHUFFLE: i32 = 0;
pub(crate) const BALLOT: i32 = 1;

/// No work-item can run, yet some have not returned: lanes of a warp wait at a warp
/// exchange while others of the same warp wait at a barrier (the fibers would hang).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Deadlock;

/// Decides the next phase (see the module documentation). Returns 0 when every work-item
/// has returned, the state every runnable work-item shares, or [`MIXED`], plus
/// [`LEFT_WAITING`] when some work-items wait. `slots` has one element per state.
///
/// It runs after every phase in which the work-items stopped at different places (a scan
/// whose first warp shuffles while the others wait at a barrier: HeCBench's and
/// benches/cpu_target's block scans), so a warp whose lanes all have one state, the usual
/// case, is decided from that state alone, and the passes over the whole group have no
/// branch per work-item.
pub(crate) fn schedule(
    mut slots: Slots<'_>,
    states: &mut [u32],
    first_exchange: u32,
) -> Result<u32, Deadlock> {
    let mut live = 0u32;
    let mut at_barrier = 0u32;
    // The state the runnable work-items share (0: none yet), and whether they differ.
    let mut next = 0u32;
    let mut mixed = false;
    let mut runs = |state: u32| {
        mixed |= next != 0 && next != state;
        next = state;
    };
    for (warp, lanes) in states.chunks_mut(WARP_SIZE as usize).enumerate() {
        let first = warp * WARP_SIZE as usize;
        let lead = lanes[0];
        let same = lanes
            .iter()
            .fold(true, |same, state| same & (*state == lead));
        if same {
            let plain = lead & !WAITING;
            if plain == 0 {
                continue;
            }
            live += lanes.len() as u32;
            if plain < first_exchange {
                at_barrier += lanes.len() as u32;
                continue;
            }
            exchange_warp(&mut slots, first, lanes.len(), u32::MAX);
            lanes.fill(plain);
            runs(plain);
            continue;
        }
        // One bit per lane: live, and waiting at an exchange (`first_exchange >= 2`, so
        // such a lane is live).
        let mut live_lanes = 0u32;
        let mut exchanging = 0u32;
        for (lane, state) in lanes.iter().enumerate() {
            let plain = *state & !WAITING;
            live_lanes |= u32::from(plain != 0) << lane;
            exchanging |= u32::from(plain >= first_exchange) << lane;
        }
        live += live_lanes.count_ones();
        at_barrier += (live_lanes & !exchanging).count_ones();
        if exchanging == 0 {
            continue;
        }
        if exchanging != live_lanes {
            for (lane, state) in lanes.iter_mut().enumerate() {
                if exchanging & (1 << lane) != 0 {
                    *state |= WAITING;
                }
            }
            continue;
        }
        exchange_warp(&mut slots, first, lanes.len(), live_lanes);
        for state in lanes.iter_mut().filter(|state| **state != 0) {
            *state &= !WAITING;
            runs(*state);
        }
    }
    if live == 0 {
        return Ok(0);
    }
    if at_barrier > 0 {
        if at_barrier == live {
            // A barrier releases once no live work-item waits at an exchange: then every
            // live work-item waits at a barrier, and each runs next (no warp exchanged, so
            // nothing has run yet: `next` is 0).
            let (mut low, mut high) = (u32::MAX, 0u32);
            for state in states.iter_mut() {
                let plain = *state & !WAITING;
                *state = plain;
                low = low.min(if plain == 0 { u32::MAX } else { plain });
                high = high.max(plain);
            }
            mixed = low != high;
            next = high;
        } else {
            for state in states.iter_mut() {
                let plain = *state & !WAITING;
                let waits = plain != 0 && plain < first_exchange;
                *state = if waits { plain | WAITING } else { *state };
            }
        }
    }
    let waiting = states.iter().fold(0, |any, state| any | *state) & LEFT_WAITING;
    match next {
        0 => Err(Deadlock),
        _ if mixed => Ok(MIXED | waiting),
        state => Ok(state | waiting),
    }
}

/// The exchange of the warp whose lanes start at work-item `first`: `lanes` of them (fewer
/// than 32 at the end of a group), `live_lanes` the bits of those that have not returned,
/// every one of which waits at an exchange. Returned lanes offer 0 and vote no; a shuffle
/// from a lane outside the warp reads the lane's own word.
fn exchange_warp(slots: &mut Slots<'_>, first: usize, lanes: usize, live_lanes: u32) {
    let mut values = [0i64; WARP_SIZE as usize];
    let mut votes = 0u64;
    for (lane, value) in values.iter_mut().enumerate().take(lanes) {
        if live_lanes & (1 << lane) != 0 {
            let item = first + lane;
            *value = slots.words[item];
            votes |= u64::from(slots.kinds[item] == BALLOT && slots.operands[item] != 0) << lane;
        }
    }
    for lane in 0..lanes {
        if live_lanes & (1 << lane) == 0 {
            continue;
        }
        let item = first + lane;
        let source = slots.operands[item] as u32;
        if slots.kinds[item] != SHUFFLE {
            slots.words[item] = votes as i64;
        } else if source < WARP_SIZE {
            slots.words[item] = values[source as usize];
        }
    }
}

/// A whole group's shuffle of one pattern, which every live work-item of the group waits at:
/// a split kernel's shuffle whose kind, operand and width are constants, which codegen
/// packs into `pattern` (`cpu_regions::shuffle_pattern`: bit 1 set, the kind in bits 2-3
/// (index, up, down, xor, as the headers number them), log2 of the width in bits 4-6, the
/// operand from bit 8) and keeps per state, so that the group entry point calls this (slot
/// 56 of `struct __oxhip_cpu_ops`) instead of going lane by lane.
/// `words` are the work-items' exchange words: in, what each offered; out, what each reads,
/// by the rules of the headers' `__oxhip_shfl_source`. Returned work-items (`states` 0) and
/// lanes past the group's end offer 0, as in [`schedule`]. Returns `false`, having changed
/// nothing, for a pattern it does not take: `xor` by at least the width (whose lanes can
/// reach into an earlier group), or a group of more than 1,024 work-items.
pub(crate) fn exchange_patterned(words: &mut [i64], states: &[u32], pattern: u32) -> bool {
    let shuffle = Pattern {
        kind: (pattern >> 2) & 3,
        width: 1usize << ((pattern >> 4) & 7),
        operand: (pattern >> 8) as usize,
    };
    if pattern & 2 == 0
        || states.len() != words.len()
        || words.len() > MOST_ITEMS
        || shuffle.width > WARP_SIZE as usize
        || shuffle.operand > WARP_SIZE as usize
        || (shuffle.kind == XOR && shuffle.operand >= shuffle.width)
    {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2.
        unsafe { exchange_patterned_avx2(words, states, shuffle) };
        return true;
    }
    shuffle.exchange(words, states);
    true
}

/// [`Pattern::exchange`] compiled for AVX2, where its loops become 256-bit loads and blends.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn exchange_patterned_avx2(words: &mut [i64], states: &[u32], shuffle: Pattern) {
    shuffle.exchange(words, states);
}

/// A shuffle pattern, unpacked (see [`exchange_patterned`]).
#[derive(Clone, Copy)]
struct Pattern {
    kind: u32,
    width: usize,
    operand: usize,
}

impl Pattern {
    /// Every lane's result, from a copy of the offered words with a warp of zeros either
    /// side (so that every source is inside it), by loops without branches: two loads and a
    /// blend per lane for `up` and `down`, runs of 4 lanes for `xor`, a fill per group of
    /// `width` lanes for an index.
    #[inline(always)]
    fn exchange(self, words: &mut [i64], states: &[u32]) {
        const PAD: usize = WARP_SIZE as usize;
        let count = words.len();
        let mut storage = [std::mem::MaybeUninit::<i64>::uninit(); PAD + MOST_ITEMS + 2 * PAD];
        let length = PAD + count + 2 * PAD;
        for slot in &mut storage[..PAD] {
            slot.write(0);
        }
        for ((slot, word), state) in storage[PAD..].iter_mut().zip(words.iter()).zip(states) {
            slot.write(if *state != 0 { *word } else { 0 });
        }
        for slot in &mut storage[PAD + count..length] {
            slot.write(0);
        }
        // SAFETY: the first `length` elements were written just above.
        let offered: &[i64] =
            unsafe { std::slice::from_raw_parts(storage.as_ptr().cast(), length) };
        let (operand, width, low) = (self.operand, self.width, self.width - 1);
        // `reads`: all ones where the lane reads another's word, else zero.
        let blend = |own: i64, theirs: i64, reads: i64| own ^ ((own ^ theirs) & reads);
        match self.kind {
            DOWN => {
                for (index, word) in words.iter_mut().enumerate() {
                    let reads = ((((index & low) + operand).wrapping_sub(width)) as i64) >> 63;
                    *word = blend(offered[PAD + index], offered[PAD + index + operand], reads);
                }
            }
            UP => {
                for (index, word) in words.iter_mut().enumerate() {
                    let reads = !((((index & low).wrapping_sub(operand)) as i64) >> 63);
                    *word = blend(offered[PAD + index], offered[PAD + index - operand], reads);
                }
            }
            XOR => {
                // `operand < width <= 32`: item `i` reads item `i ^ operand` of its warp, so
                // an aligned run of 4 reads the run `(i ^ operand) & !3` in the order of its
                // low two bits.
                let mut index = 0;
                while index + 4 <= count {
                    let run = PAD + ((index ^ operand) & !3);
                    let bits = operand & 3;
                    for lane in 0..4 {
                        words[index + lane] = offered[run + (lane ^ bits)];
                    }
                    index += 4;
                }
                for (position, word) in words.iter_mut().enumerate().skip(index) {
                    *word = offered[PAD + (position ^ operand)];
                }
            }
            _ => {
                for first in (0..count).step_by(width) {
                    let value = offered[PAD + first + (operand & low)];
                    words[first..(first + width).min(count)].fill(value);
                }
            }
        }
    }
}

/// The kinds of shuffle in a pattern, numbered as `hip/oxhip/warp.h`'s `__OXHIP_SHFL_*`.
const UP: u32 = 1;
const DOWN: u32 = 2;
const XOR: u32 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// One work-item's exchange slot, as the columns hold it.
    #[derive(Debug, Clone, Copy, Default)]
    struct ExchangeSlot {
        word: i64,
        operand: i32,
        kind: i32,
    }

    /// The work-items' slots and states, and a helper that runs [`schedule`] on them.
    struct Group {
        frames: Vec<ExchangeSlot>,
        states: Vec<u32>,
    }

    impl Group {
        fn new(states: Vec<u32>) -> Group {
            Group {
                frames: vec![ExchangeSlot::default(); states.len()],
                states,
            }
        }

        fn schedule(&mut self, first_exchange: u32) -> Result<u32, Deadlock> {
            let mut words: Vec<i64> = self.frames.iter().map(|slot| slot.word).collect();
            let operands: Vec<i32> = self.frames.iter().map(|slot| slot.operand).collect();
            let kinds: Vec<i32> = self.frames.iter().map(|slot| slot.kind).collect();
            let slots = Slots {
                words: &mut words,
                operands: &operands,
                kinds: &kinds,
            };
            let outcome = schedule(slots, &mut self.states, first_exchange);
            for (slot, word) in self.frames.iter_mut().zip(words) {
                slot.word = word;
            }
            outcome
        }
    }

    /// The scheduler as it was before its fast paths for warps of one state: the oracle for
    /// [`schedule`].
    /// Decides the next phase (see the module documentation). Returns 0 when every work-item
    /// has returned, the state every runnable work-item shares, or [`MIXED`], plus
    /// [`LEFT_WAITING`] when some work-items wait. `slots` has one element per state.
    fn schedule_reference(
        slots: Slots<'_>,
        states: &mut [u32],
        first_exchange: u32,
    ) -> Result<u32, Deadlock> {
        let mut live = 0u32;
        let mut at_barrier = 0u32;
        // The state the runnable work-items share (0: none yet), and whether they differ.
        let mut next = 0u32;
        let mut mixed = false;
        for (warp, lanes) in states.chunks_mut(WARP_SIZE as usize).enumerate() {
            // One bit per lane: live, and waiting at an exchange (`first_exchange >= 2`, so
            // such a lane is live); and whether every lane has the same state.
            let mut live_lanes = 0u32;
            let mut exchanging = 0u32;
            let mut same = true;
            let lead = lanes[0];
            for (lane, state) in lanes.iter().enumerate() {
                let plain = *state & !WAITING;
                live_lanes |= u32::from(plain != 0) << lane;
                exchanging |= u32::from(plain >= first_exchange) << lane;
                same &= *state == lead;
            }
            live += live_lanes.count_ones();
            at_barrier += (live_lanes & !exchanging).count_ones();
            if exchanging == 0 {
                continue;
            }
            if exchanging != live_lanes {
                for (lane, state) in lanes.iter_mut().enumerate() {
                    if exchanging & (1 << lane) != 0 {
                        *state |= WAITING;
                    }
                }
                continue;
            }
            let first = warp * WARP_SIZE as usize;
            let mut values = [0i64; WARP_SIZE as usize];
            let mut votes = 0u64;
            for (lane, value) in values.iter_mut().enumerate().take(lanes.len()) {
                if live_lanes & (1 << lane) != 0 {
                    let item = first + lane;
                    *value = slots.words[item];
                    votes |=
                        u64::from(slots.kinds[item] == BALLOT && slots.operands[item] != 0) << lane;
                }
            }
            for lane in 0..lanes.len() {
                if live_lanes & (1 << lane) == 0 {
                    continue;
                }
                let item = first + lane;
                let source = slots.operands[item] as u32;
                slots.words[item] = if slots.kinds[item] != SHUFFLE {
                    votes as i64
                } else if source < WARP_SIZE {
                    values[source as usize]
                } else {
                    slots.words[item]
                };
            }
            if same {
                let state = lead & !WAITING;
                lanes.fill(state);
                mixed |= next != 0 && next != state;
                next = state;
            } else {
                for state in lanes.iter_mut().filter(|state| **state != 0) {
                    *state &= !WAITING;
                    mixed |= next != 0 && next != *state;
                    next = *state;
                }
            }
        }
        if live == 0 {
            return Ok(0);
        }
        if at_barrier > 0 {
            // A barrier releases once no live work-item waits at an exchange.
            let release = at_barrier == live;
            for state in states.iter_mut() {
                let plain = *state & !WAITING;
                if plain != 0 && plain < first_exchange {
                    if release {
                        *state = plain;
                        mixed |= next != 0 && next != plain;
                        next = plain;
                    } else {
                        *state = plain | WAITING;
                    }
                }
            }
        }
        let waiting = if states.iter().any(|state| *state & WAITING != 0) {
            LEFT_WAITING
        } else {
            0
        };
        match next {
            0 => Err(Deadlock),
            _ if mixed => Ok(MIXED | waiting),
            state => Ok(state | waiting),
        }
    }

    /// The lane `lane` reads by CUDA's rules (the oracle for [`exchange_patterned`]).
    fn source_lane(kind: u32, operand: i32, width: i32, lane: i32) -> i32 {
        let first = lane & !(width - 1);
        match kind {
            0 => first + (operand & (width - 1)),
            UP if lane - operand < first => lane,
            UP => lane - operand,
            DOWN if lane + operand >= first + width => lane,
            DOWN => lane + operand,
            _ if (lane ^ operand) >= first + width => lane,
            _ => lane ^ operand,
        }
    }

    #[test]
    fn patterned_exchanges_agree_with_the_lane_by_lane_one() {
        let mut checked = 0;
        for count in [1usize, 7, 32, 33, 100, 256, 1024] {
            for kind in 0..4u32 {
                for width in [1i32, 2, 4, 8, 16, 32] {
                    for operand in [0i32, 1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 31, 32] {
                        let pattern =
                            2 | kind << 2 | width.trailing_zeros() << 4 | (operand as u32) << 8;
                        let states: Vec<u32> = (0..count)
                            .map(|i| if i % 11 == 5 { 0 } else { 4 })
                            .collect();
                        let mut group = Group::new(states.clone());
                        for (index, frame) in group.frames.iter_mut().enumerate() {
                            let lane = (index % 32) as i32;
                            *frame = ExchangeSlot {
                                word: 1000 + index as i64,
                                operand: source_lane(kind, operand, width, lane),
                                kind: SHUFFLE,
                            };
                        }
                        let mut words: Vec<i64> = group.frames.iter().map(|f| f.word).collect();
                        // The baseline code as well as the AVX2 code the runtime picks here.
                        let mut baseline = words.clone();
                        let taken = exchange_patterned(&mut words, &states, pattern);
                        if kind == XOR && operand >= width {
                            assert!(!taken);
                            continue;
                        }
                        assert!(taken);
                        let shuffle = Pattern {
                            kind,
                            width: width as usize,
                            operand: operand as usize,
                        };
                        shuffle.exchange(&mut baseline, &states);
                        group.schedule(4).unwrap();
                        for (index, frame) in group.frames.iter().enumerate() {
                            if states[index] != 0 {
                                let case = format!(
                                    "kind {kind} width {width} operand {operand} count {count} item {index}"
                                );
                                assert_eq!(words[index], frame.word, "{case}");
                                assert_eq!(baseline[index], frame.word, "{case}, baseline");
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000);
        // Not a pattern (bit 1 clear); a group larger than the runtime launches.
        assert!(!exchange_patterned(&mut [1, 2], &[4, 4], 0));
        let down_by_one = 2 | DOWN << 2 | 5 << 4 | 1 << 8;
        assert!(!exchange_patterned(&mut [1; 1025], &[4; 1025], down_by_one));
        assert!(exchange_patterned(&mut [1; 1024], &[4; 1024], down_by_one));
    }

    #[test]
    fn a_warp_waiting_at_shuffles_exchanges_and_runs_on() {
        // States 2 and 3 are barriers, 4 and 5 exchanges.
        let mut group = Group::new(vec![4; 40]);
        for (lane, frame) in group.frames.iter_mut().enumerate() {
            // Each lane reads the lane above it (a shuffle down by one); the last lane of
            // each warp reads outside it, so keeps its own value.
            *frame = ExchangeSlot {
                word: 100 + lane as i64,
                operand: (lane % 32 + 1) as i32,
                kind: SHUFFLE,
            };
        }
        group.states[39] = 0; // returned
        assert_eq!(group.schedule(4), Ok(4));
        assert_eq!(group.frames[0].word, 101);
        assert_eq!(group.frames[30].word, 131);
        assert_eq!(group.frames[31].word, 131);
        assert_eq!(group.frames[32].word, 133);
        // Lane 6 of the second warp read lane 7, which has returned: a value of no lane.
        assert_eq!(group.frames[38].word, 0);
        assert!(group.states[..39].iter().all(|state| *state == 4));
    }

    #[test]
    fn ballots_and_shuffles_of_one_warp_meet_in_one_exchange() {
        let mut group = Group::new(vec![5, 4, 5, 4]);
        group.frames[0] = ExchangeSlot {
            word: 0,
            operand: 1,
            kind: BALLOT,
        };
        group.frames[1] = ExchangeSlot {
            word: 7,
            operand: 2,
            kind: SHUFFLE,
        };
        group.frames[2] = ExchangeSlot {
            word: 0,
            operand: 0,
            kind: BALLOT,
        };
        group.frames[3] = ExchangeSlot {
            word: 9,
            operand: 1,
            kind: SHUFFLE,
        };
        assert_eq!(group.schedule(4), Ok(MIXED));
        assert_eq!(LEFT_WAITING & MIXED, 0);
        assert_eq!(group.frames[0].word, 0b1);
        assert_eq!(group.frames[2].word, 0b1);
        assert_eq!(group.frames[1].word, 0, "lane 2 offered no value");
        assert_eq!(group.frames[3].word, 7);
    }

    #[test]
    fn a_barrier_waits_for_the_warps_still_exchanging() {
        // Warp 0 waits at a barrier (state 2); warp 1 at an exchange (state 4), except one
        // lane that returned.
        let mut states = vec![2; 32];
        states.extend(vec![4; 31]);
        states.push(0);
        let mut group = Group::new(states);
        assert_eq!(group.schedule(4), Ok(4 | LEFT_WAITING));
        assert!(group.states[..32].iter().all(|state| *state == 2 | WAITING));
        // Warp 1 then reaches the barrier too: everyone runs on from it.
        for state in &mut group.states[32..63] {
            *state = 2;
        }
        assert_eq!(group.schedule(4), Ok(2));
        assert!(group.states[..63].iter().all(|state| *state == 2));
    }

    #[test]
    fn lanes_waiting_for_a_lane_at_a_barrier_are_a_deadlock() {
        let mut group = Group::new(vec![4, 2, 0]);
        assert_eq!(group.schedule(4), Err(Deadlock));
    }

    #[test]
    fn a_group_whose_work_items_all_returned_is_done() {
        let mut group = Group::new(vec![0; 64]);
        assert_eq!(group.schedule(4), Ok(0));
    }

    #[test]
    fn the_scheduler_agrees_with_its_reference_on_random_groups() {
        // Warps of one state (the fast paths), of mixed states, returned and waiting lanes,
        // barriers and exchanges, shuffles (sources inside and outside the warp) and ballots.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        let first_exchange = 4;
        let mut outcomes = HashMap::new();
        for round in 0..4000 {
            let count = [1, 5, 31, 32, 33, 64, 100, 256][round % 8];
            let mut states = Vec::with_capacity(count);
            for _ in 0..count.div_ceil(32) {
                let uniform = random(2) == 0;
                let lead = random(7) as u32;
                for _ in 0..32 {
                    let state = if uniform && random(16) != 0 {
                        lead
                    } else {
                        random(7) as u32
                    };
                    let waiting = if state != 0 && random(4) == 0 {
                        WAITING
                    } else {
                        0
                    };
                    states.push(state | waiting);
                }
            }
            states.truncate(count);
            let words: Vec<i64> = (0..count).map(|_| random(1 << 40) as i64).collect();
            let operands: Vec<i32> = (0..count).map(|_| random(40) as i32).collect();
            let kinds: Vec<i32> = (0..count)
                .map(|_| if random(5) == 0 { BALLOT } else { SHUFFLE })
                .collect();
            let (mut states_a, mut words_a) = (states.clone(), words.clone());
            let (mut states_b, mut words_b) = (states.clone(), words.clone());
            let a = schedule(
                Slots {
                    words: &mut words_a,
                    operands: &operands,
                    kinds: &kinds,
                },
                &mut states_a,
                first_exchange,
            );
            let b = schedule_reference(
                Slots {
                    words: &mut words_b,
                    operands: &operands,
                    kinds: &kinds,
                },
                &mut states_b,
                first_exchange,
            );
            assert_eq!(a, b, "{states:?}");
            assert_eq!(states_a, states_b, "{states:?}");
            assert_eq!(words_a, words_b, "{states:?}");
            *outcomes
                .entry(format!("{a:?}").chars().take(6).collect::<String>())
                .or_insert(0) += 1;
        }
        // The rounds reached every kind of outcome: done, a deadlock, one state, mixed.
        assert!(outcomes.len() >= 3, "{outcomes:?}");
    }
}
