//! What a batch computes once and every submission of it reuses: the
//! plans, the model's counts, the optima. Owned by the batch's
//! [`Toolkit`](super::Toolkit), so that it lives as long as the batch and
//! no longer.

use std::sync::Arc;

use super::Settings;
use super::catalog::{Planned, Plans};
use super::judge::Optima;
use super::model::CountsCache;
use crate::course::Api;

/// A batch's caches: each computes its values once, and waits for one
/// being computed rather than computing it twice.
#[derive(Debug, Default)]
pub(super) struct Memo {
    /// The plans, by API, edition, categories and seeds.
    pub plans: Plans,
    /// The model's counts of the memory and timing puzzles.
    pub counts: CountsCache,
    /// The optima of the Solver tests' boards.
    pub optima: Optima,
}

impl Memo {
    /// The plan for `api` under `settings`.
    pub fn plan(&self, api: Api, settings: &Settings) -> Arc<Planned> {
        self.plans.get(
            api,
            settings.edition,
            &settings.only,
            settings.seed,
            settings.fresh_seed,
            &self.counts,
        )
    }
}
