// The derivation of the duplicate-pruning automaton (see prune.rs for what
// it proves and how it is used); run by prune.rs's tests, which compare it
// with the table kept in prune12.bin.

use std::collections::{HashMap, HashSet, VecDeque};

/// The blank's step for a move index (U, D, L, R).
const STEPS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A cell as an offset from the blank's start; a tile by its home cell.
type Cell = (i32, i32);

/// Cells and the tiles they hold.
type Holdings = Vec<(Cell, Cell)>;

/// What a move string does on an open grid: where the blank ends, and
/// every cell whose tile changed with its new tile, sorted.
type Effect = (Cell, Holdings);

/// A string played, with the bounding box of the blank's cells.
type Played = (Vec<u8>, [i32; 4]);

/// Plays `string` from the origin; returns its effect and the bounding box
/// of the blank's cells (row min, row max, column min, column max).
fn play(string: &[u8]) -> (Effect, [i32; 4]) {
    // The cells touched so far and the tile (its home cell) each now holds.
    let mut holds: Holdings = Vec::with_capacity(string.len() + 1);
    let mut blank = (0, 0);
    let mut bbox = [0, 0, 0, 0];
    let tile_at = |holds: &Holdings, cell: Cell| {
        holds
            .iter()
            .find(|(c, _)| *c == cell)
            .map_or(cell, |(_, tile)| *tile)
    };
    for &m in string {
        let (dr, dc) = STEPS[m as usize];
        let target = (blank.0 + dr, blank.1 + dc);
        let tile = tile_at(&holds, target);
        // The tile moves to the blank's cell; the blank (home: origin) to the target.
        for (cell, value) in [(blank, tile), (target, (0, 0))] {
            match holds.iter_mut().find(|(c, _)| *c == cell) {
                Some(entry) => entry.1 = value,
                None => holds.push((cell, value)),
            }
        }
        blank = target;
        bbox = [
            bbox[0].min(blank.0),
            bbox[1].max(blank.0),
            bbox[2].min(blank.1),
            bbox[3].max(blank.1),
        ];
    }
    holds.retain(|(cell, tile)| cell != tile);
    holds.sort_unstable();
    ((blank, holds), bbox)
}

/// Whether `inner` lies within `outer`.
fn inside(inner: &[i32; 4], outer: &[i32; 4]) -> bool {
    inner[0] >= outer[0] && inner[1] <= outer[1] && inner[2] >= outer[2] && inner[3] <= outer[3]
}

/// The minimal forbidden words of up to `max_len` moves (move indices 0..4
/// for U, D, L, R): the immediate reversals, and every string whose proper
/// substrings are all allowed and that has an equivalent string of the
/// same length, earlier in order, whose blank stays in its bounding box.
pub fn forbidden_words(max_len: usize) -> Vec<Vec<u8>> {
    let mut words: Vec<Vec<u8>> = (0..4_u8).map(|a| vec![a, a ^ 1]).collect();
    let mut banned: HashSet<Vec<u8>> = words.iter().cloned().collect();
    let mut alive: Vec<Vec<u8>> = (0..4_u8).map(|a| vec![a]).collect();
    for len in 2..=max_len {
        let mut groups: HashMap<Effect, Vec<Played>> = HashMap::new();
        for prefix in &alive {
            for m in 0..4_u8 {
                let mut string = prefix.clone();
                string.push(m);
                let contains_banned =
                    (2..=len).any(|w| banned.contains(&string[len - w..]));
                if contains_banned {
                    continue;
                }
                let (effect, bbox) = play(&string);
                groups.entry(effect).or_default().push((string, bbox));
            }
        }
        let mut next = Vec::new();
        for mut members in groups.into_values() {
            members.sort_unstable();
            for (i, (string, bbox)) in members.iter().enumerate() {
                if members[..i].iter().any(|(_, b)| inside(b, bbox)) {
                    banned.insert(string.clone());
                    words.push(string.clone());
                } else {
                    next.push(string.clone());
                }
            }
        }
        next.sort_unstable();
        alive = next;
    }
    // A fixed order, so that the automaton's states are numbered the same
    // on every run (the groups above come out in hash order).
    words.sort_unstable_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    words
}

/// The transition table of the automaton that reads moves and refuses
/// every forbidden word (an Aho-Corasick automaton over `words`): entry
/// `4 × state + move` is the next state, or `u32::MAX` when the move would
/// complete a forbidden word. State 0 is the start.
pub fn automaton(words: &[Vec<u8>]) -> Vec<u32> {
    // The trie.
    let mut next: Vec<[u32; 4]> = vec![[u32::MAX; 4]];
    let mut terminal = vec![false];
    for word in words {
        let mut state = 0_usize;
        for &m in word {
            if next[state][m as usize] == u32::MAX {
                next[state][m as usize] = next.len() as u32;
                next.push([u32::MAX; 4]);
                terminal.push(false);
            }
            state = next[state][m as usize] as usize;
        }
        terminal[state] = true;
    }
    // Failure links, breadth-first; missing edges follow them, and a state
    // whose failure chain ends a word is terminal too.
    let mut fail = vec![0_u32; next.len()];
    let mut queue = VecDeque::new();
    for slot in &mut next[0] {
        match *slot {
            u32::MAX => *slot = 0,
            child => {
                fail[child as usize] = 0;
                queue.push_back(child as usize);
            }
        }
    }
    while let Some(state) = queue.pop_front() {
        terminal[state] |= terminal[fail[state] as usize];
        // The failure state is shallower: its row is complete.
        let fallback = next[fail[state] as usize];
        for (slot, via_fail) in next[state].iter_mut().zip(fallback) {
            if *slot == u32::MAX {
                *slot = via_fail;
            } else {
                fail[*slot as usize] = via_fail;
                queue.push_back(*slot as usize);
            }
        }
    }
    next.iter()
        .flat_map(|row| {
            row.iter()
                .map(|&to| if terminal[to as usize] { u32::MAX } else { to })
                .collect::<Vec<_>>()
        })
        .collect()
}
