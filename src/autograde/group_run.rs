//! What one group's JVMs reported, the later timing puzzles not run once
//! one ran out of time, and how a second run of its later trials takes
//! their place.

use std::collections::HashMap;
use std::time::Duration;

use super::catalog::Group;
use super::failure::{Failure, NotRun};
use super::protocol::{self, Record, Records};

/// What one group's JVMs reported.
#[derive(Debug, Default)]
pub(super) struct GroupRun {
    /// The records of its trials.
    pub(super) records: Records,
    /// Each timing trial's yardstick time: the median of its JVM's.
    pub(super) yardstick: HashMap<usize, Duration>,
    /// Trials that have no record, and why.
    pub(super) missing: HashMap<usize, Failure>,
    /// The wall time of its JVMs.
    pub(super) wall: Duration,
    /// Bytes the student's code printed.
    pub printed: u64,
}

impl GroupRun {
    /// Takes one JVM's `records`: every trial's, and the median of its
    /// yardstick times as each of its trials' yardstick.
    pub(super) fn add(&mut self, records: Records) {
        let samples: Vec<Duration> = records.yardstick.values().copied().collect();
        if let Some(median) = crate::autograde::model::scale::median(&samples) {
            for &i in records.yardstick.keys() {
                self.yardstick.insert(i, median);
            }
        }
        self.records.trials.extend(records.trials);
        self.records.helper_cpu.extend(records.helper_cpu);
    }

    /// The first trial that a CPU limit ended, if any.
    pub(super) fn first_cpu_limited(&self) -> Option<usize> {
        self.records
            .trials
            .iter()
            .filter(|(_, record)| {
                matches!(
                    record,
                    Record::Limit {
                        kind: protocol::LimitKind::Cpu | protocol::LimitKind::Process,
                        ..
                    }
                )
            })
            .map(|(&i, _)| i)
            .min()
    }

    /// After timing puzzle `stopped` ran out of time: the later puzzles the
    /// course's reference needs at least as many insertions for are not run
    /// (they would run out of time too, at up to 10 s of CPU each).
    pub(super) fn skip_harder(
        &mut self,
        group: &Group,
        stopped: usize,
        from: usize,
        counts: &crate::autograde::model::CountsCache,
    ) {
        let board = |i: usize| match &group.ops[i] {
            protocol::Op::Timing(board) => Some(board),
            _ => None,
        };
        let work = |i: usize| {
            board(i)
                .and_then(|board| counts.reference(board))
                .map(|c| c.inserts)
        };
        let Some(limit) = work(stopped) else {
            return;
        };
        let puzzle = board(stopped).and_then(|b| {
            crate::course::FILES
                .iter()
                .find(|(_, text)| text.parse::<crate::Board>().ok().as_ref() == Some(b))
                .map(|(n, _)| format!("{n}.txt"))
        });
        for i in from..group.ops.len() {
            if work(i).is_some_and(|w| w >= limit) {
                self.missing.entry(i).or_insert_with(|| Failure::NotRun {
                    why: NotRun::Harder {
                        puzzle: puzzle.clone(),
                    },
                });
            }
        }
    }

    /// Takes `again`'s outcome of every trial from `from` on, in place of
    /// this run's.
    pub(super) fn replace_from(&mut self, from: usize, again: GroupRun) {
        self.records.trials.retain(|&i, _| i < from);
        self.records.helper_cpu.retain(|&i, _| i < from);
        self.yardstick.retain(|&i, _| i < from);
        self.missing.retain(|&i, _| i < from);
        self.records.trials.extend(again.records.trials);
        self.records.helper_cpu.extend(again.records.helper_cpu);
        self.yardstick.extend(again.yardstick);
        self.missing.extend(again.missing);
        self.wall += again.wall;
        self.printed += again.printed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limit(kind: protocol::LimitKind) -> Record {
        let second = Duration::from_secs(1);
        Record::Limit {
            kind,
            threads: 5 * second,
            process: 5 * second,
            wall: 6 * second,
        }
    }

    #[test]
    fn a_trial_run_again_replaces_what_followed_it() {
        let mut first = GroupRun::default();
        first.records.trials.insert(0, Record::Ok(Vec::new()));
        first
            .records
            .trials
            .insert(3, limit(protocol::LimitKind::Wall));
        first
            .records
            .trials
            .insert(2, limit(protocol::LimitKind::Cpu));
        let not_run = Failure::NotRun {
            why: super::super::NotRun::Harder { puzzle: None },
        };
        first.missing.insert(4, not_run);
        assert_eq!(first.first_cpu_limited(), Some(2));

        let mut again = GroupRun::default();
        again
            .records
            .trials
            .insert(2, Record::Ok(vec!["7".to_string()]));
        again.records.trials.insert(4, Record::Ok(Vec::new()));
        first.replace_from(2, again);
        assert_eq!(first.first_cpu_limited(), None);
        assert_eq!(first.records.trials.get(&0), Some(&Record::Ok(Vec::new())));
        assert_eq!(
            first.records.trials.get(&2),
            Some(&Record::Ok(vec!["7".to_string()]))
        );
        assert!(!first.records.trials.contains_key(&3));
        assert!(first.missing.is_empty());
    }

    #[test]
    fn each_trial_takes_the_median_yardstick_of_its_own_jvm() {
        let ms = Duration::from_millis;
        let mut run = GroupRun::default();
        let mut first = Records::default();
        for (i, t) in [(0, 30), (1, 90), (2, 31)] {
            first.trials.insert(i, Record::Ok(Vec::new()));
            first.yardstick.insert(i, ms(t));
        }
        run.add(first);
        // a JVM started again (after a limit) on a busier machine
        let mut second = Records::default();
        for (i, t) in [(3, 40), (4, 42)] {
            second.trials.insert(i, Record::Ok(Vec::new()));
            second.yardstick.insert(i, ms(t));
        }
        run.add(second);
        let of = |i| run.yardstick[&i];
        assert_eq!([of(0), of(1), of(2)], [ms(31); 3]);
        assert_eq!([of(3), of(4)], [ms(40); 2]);
        assert_eq!(run.records.trials.len(), 5);
        // a second run of trial 3 on brings its own
        let mut again = GroupRun::default();
        let mut alone = Records::default();
        alone.trials.insert(3, Record::Ok(Vec::new()));
        alone.yardstick.insert(3, ms(29));
        again.add(alone);
        run.replace_from(3, again);
        assert_eq!(run.yardstick.get(&3), Some(&ms(29)));
        assert_eq!(run.yardstick.get(&4), None);
        assert_eq!(run.yardstick.get(&0), Some(&ms(31)));
    }

    #[test]
    fn a_wall_limit_is_not_a_cpu_limit() {
        let mut run = GroupRun::default();
        run.records
            .trials
            .insert(1, limit(protocol::LimitKind::Wall));
        assert_eq!(run.first_cpu_limited(), None);
        run.records
            .trials
            .insert(5, limit(protocol::LimitKind::Process));
        assert_eq!(run.first_cpu_limited(), Some(5));
    }
}
