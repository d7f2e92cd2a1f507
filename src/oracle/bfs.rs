// The breadth-first search behind the oracle, kept free of crate imports so
// that build.rs can `include!` it to embed the 3x3 table in the library.
// (Plain comments: an included file cannot carry inner doc comments.)

/// k! for k ≤ 9.
pub const FACTORIAL: [usize; 10] = [1, 1, 2, 6, 24, 120, 720, 5040, 40_320, 362_880];

/// The marker for "not reachable from the goal" in a distance table.
pub const UNREACHABLE: u8 = u8::MAX;

/// The Lehmer rank of a permutation of 0..len: its index in lexicographic
/// order. Each element's count of smaller elements still unused comes from
/// a bit mask, so ranking is linear.
pub fn rank(perm: &[u8]) -> usize {
    let len = perm.len();
    let mut used = 0_u32;
    let mut rank = 0;
    for (i, &x) in perm.iter().enumerate() {
        let smaller_unused = u32::from(x) - (used & ((1 << x) - 1)).count_ones();
        rank += smaller_unused as usize * FACTORIAL[len - 1 - i];
        used |= 1 << x;
    }
    rank
}

/// The permutation of 0..len with the given Lehmer rank.
pub fn unrank(mut rank: usize, len: usize, out: &mut [u8]) {
    let mut unused: Vec<u8> = (0..len as u8).collect();
    for (i, slot) in out.iter_mut().enumerate().take(len) {
        let f = FACTORIAL[len - 1 - i];
        *slot = unused.remove(rank / f);
        rank %= f;
    }
}

/// A permutation of up to 16 cells packed 4 bits a cell.
fn pack(perm: &[u8]) -> u64 {
    perm.iter()
        .rev()
        .fold(0, |acc, &t| (acc << 4) | u64::from(t))
}

fn unpack(packed: u64, out: &mut [u8]) {
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = ((packed >> (4 * i)) & 0xF) as u8;
    }
}

/// Distances from the goal (1..n²−1, blank last) of every permutation of
/// an n-by-n board, indexed by Lehmer rank; `UNREACHABLE` where the goal
/// cannot be reached. n must be 2 or 3.
pub fn distance_table(n: usize) -> Vec<u8> {
    let cells = n * n;
    let mut distances = vec![UNREACHABLE; FACTORIAL[cells]];
    let goal: Vec<u8> = (1..cells as u8).chain([0]).collect();
    distances[rank(&goal)] = 0;
    // The queue holds packed boards, so no state is ever unranked.
    let mut queue = std::collections::VecDeque::from([pack(&goal)]);
    let mut perm = vec![0_u8; cells];
    while let Some(packed) = queue.pop_front() {
        unpack(packed, &mut perm);
        let next_distance = distances[rank(&perm)] + 1;
        let blank = perm.iter().position(|&t| t == 0).unwrap_or(0);
        let (row, col) = (blank / n, blank % n);
        let mut targets = [None; 4];
        if row > 0 {
            targets[0] = Some(blank - n);
        }
        if row + 1 < n {
            targets[1] = Some(blank + n);
        }
        if col > 0 {
            targets[2] = Some(blank - 1);
        }
        if col + 1 < n {
            targets[3] = Some(blank + 1);
        }
        for target in targets.into_iter().flatten() {
            perm.swap(blank, target);
            let next = rank(&perm);
            if distances[next] == UNREACHABLE {
                distances[next] = next_distance;
                queue.push_back(pack(&perm));
            }
            perm.swap(blank, target);
        }
    }
    distances
}
