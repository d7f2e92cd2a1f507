//! algs4's `MinPQ`, step for step: the same binary heap, the same order of
//! comparisons, the same array growth and shrinkage. A student's Solver and
//! the course's reference break priority ties by where keys sit in this
//! heap, so the counts the course reports can only be reproduced with the
//! very same heap. Each comparison is counted (the course's uncached
//! reference calls `manhattan()` twice in each).

/// A binary min-heap ordered by `less`-style keys, as algs4's `MinPQ`.
#[derive(Debug)]
pub struct Heap<T> {
    /// `pq[1..=n]` hold the keys; `pq.len()` is algs4's array length.
    pq: Vec<Option<T>>,
    n: usize,
    /// `compareTo` calls so far.
    pub comparisons: u64,
}

impl<T: Ord> Heap<T> {
    /// An empty heap: algs4's `new MinPQ()` (an array of length 2).
    #[must_use]
    pub fn new() -> Heap<T> {
        Heap {
            pq: vec![None, None],
            n: 0,
            comparisons: 0,
        }
    }

    /// Keys in the heap.
    #[must_use]
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether it holds no key.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The length of algs4's array (its capacity plus one).
    #[must_use]
    pub fn array_len(&self) -> usize {
        self.pq.len()
    }

    /// The keys, in heap order.
    pub fn keys(&self) -> impl Iterator<Item = &T> {
        self.pq[1..=self.n].iter().flatten()
    }

    /// `insert(x)`.
    pub fn insert(&mut self, x: T) {
        if self.n == self.pq.len() - 1 {
            self.resize(2 * self.pq.len());
        }
        self.n += 1;
        self.pq[self.n] = Some(x);
        self.swim(self.n);
    }

    /// `delMin()`, or `None` when empty (algs4 throws).
    pub fn del_min(&mut self) -> Option<T> {
        if self.n == 0 {
            return None;
        }
        self.pq.swap(1, self.n);
        let min = self.pq[self.n].take();
        self.n -= 1;
        self.sink(1);
        if self.n > 0 && self.n == (self.pq.len() - 1) / 4 {
            self.resize(self.pq.len() / 2);
        }
        min
    }

    fn resize(&mut self, capacity: usize) {
        let mut next: Vec<Option<T>> = Vec::with_capacity(capacity);
        next.push(None);
        next.extend(self.pq.drain(1..=self.n));
        next.resize_with(capacity, || None);
        self.pq = next;
    }

    /// algs4's `greater(i, j)`: `pq[i].compareTo(pq[j]) > 0`.
    fn greater(&mut self, i: usize, j: usize) -> bool {
        self.comparisons += 1;
        self.pq[i] > self.pq[j]
    }

    fn swim(&mut self, mut k: usize) {
        while k > 1 && self.greater(k / 2, k) {
            self.pq.swap(k, k / 2);
            k /= 2;
        }
    }

    fn sink(&mut self, mut k: usize) {
        while 2 * k <= self.n {
            let mut j = 2 * k;
            if j < self.n && self.greater(j, j + 1) {
                j += 1;
            }
            if !self.greater(k, j) {
                break;
            }
            self.pq.swap(k, j);
            k = j;
        }
    }
}

impl<T: Ord> Default for Heap<T> {
    fn default() -> Self {
        Heap::new()
    }
}

#[cfg(test)]
mod tests {
    use super::Heap;

    #[test]
    fn pops_in_order_and_resizes_as_algs4() {
        let mut heap = Heap::new();
        assert_eq!(heap.array_len(), 2);
        for x in [5, 3, 8, 1, 9, 2, 7] {
            heap.insert(x);
        }
        assert_eq!(heap.array_len(), 8); // 2 -> 4 -> 8
        let mut out = Vec::new();
        while let Some(x) = heap.del_min() {
            out.push(x);
        }
        assert_eq!(out, [1, 2, 3, 5, 7, 8, 9]);
        assert!(heap.comparisons > 0);
    }

    /// Keys equal in priority leave in the order the heap's shape gives,
    /// not first-in first-out: the reason the model copies algs4 exactly.
    #[test]
    fn ties_leave_in_heap_order() {
        #[derive(Debug, PartialEq, Eq)]
        struct Key(u32, char);
        impl Ord for Key {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.0.cmp(&other.0)
            }
        }
        impl PartialOrd for Key {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        let mut heap = Heap::new();
        for (k, c) in [(1, 'a'), (1, 'b'), (1, 'c'), (1, 'd')] {
            heap.insert(Key(k, c));
        }
        let order: String = std::iter::from_fn(|| heap.del_min().map(|k| k.1)).collect();
        // algs4: delMin swaps the last key to the root and sinks it, so the
        // second of equal keys to leave is the one inserted last.
        assert_eq!(order, "adcb");
    }
}
