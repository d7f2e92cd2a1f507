//! The class page: how a whole class did, and a link to each student's.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{esc, page};
use crate::autograde::{Category, Report};
use crate::present::autograde::summary::{ClassStats, Summary};

/// The class page: a score histogram, each test's failure rate (the most
/// common first), and a table of students, each linking to `link(i)`.
///
/// # Example
///
/// ```
/// use slider::autograde::{Report, Stage};
/// let mut report = Report::new("alice".into(), slider::course::Api::Coursera, Default::default());
/// report.compilation = Stage::passed_clean();
/// let page = slider::present::autograde::html::class(&[report], &|_| "alice.html".to_string());
/// assert!(page.contains("href=\"alice.html\""));
/// ```
#[must_use]
pub fn class(reports: &[Report], link: &dyn Fn(usize) -> String) -> String {
    let summaries: Vec<Summary> = reports.iter().map(Summary::of).collect();
    class_of(&summaries, link)
}

/// [`class`] of the submissions' lines (read back from shards' JSON by
/// `slider autograde merge`).
#[must_use]
pub fn class_of(reports: &[Summary], link: &dyn Fn(usize) -> String) -> String {
    let mut body = format!("<h1>slider autograde: {} submissions</h1>", reports.len());
    let stats = ClassStats::of(reports);
    let _ = write!(
        body,
        "<p class=\"score\" id=\"mean\">mean {:.2}%, median {:.2}%</p>\
         <table id=\"statuses\"><tr><th>status</th><th>submissions</th></tr>",
        stats.mean, stats.median
    );
    for (status, count) in &stats.statuses {
        let _ = write!(body, "<tr><td>{}</td><td>{count}</td></tr>", status.name());
    }
    body.push_str("</table>");
    // The histogram: ten bins of ten points (100 in the last).
    let mut bins = [0_usize; 10];
    for report in reports {
        let score = report.score;
        bins[((score / 10.0) as usize).min(9)] += 1;
    }
    let most = bins.iter().copied().max().unwrap_or(0).max(1);
    body.push_str("<h2>Scores</h2><div class=\"hist\">");
    for (i, count) in bins.iter().enumerate() {
        let _ = write!(
            body,
            "<div style=\"height:{:.1}%\" title=\"{}–{}%: {count}\">{}</div>",
            *count as f64 * 100.0 / most as f64,
            i * 10,
            i * 10 + 10,
            if *count > 0 {
                count.to_string()
            } else {
                String::new()
            }
        );
    }
    body.push_str("</div><p class=\"legend\">0–10% … 90–100%</p>");
    // Failure rates by test.
    let mut rates: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for report in reports {
        for (section, failed) in &report.sections {
            let entry = rates.entry(section.clone()).or_default();
            entry.1 += 1;
            if *failed {
                entry.0 += 1;
            }
        }
    }
    let mut rates: Vec<(String, usize, usize)> =
        rates.into_iter().map(|(k, (f, t))| (k, f, t)).collect();
    rates.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    body.push_str(
        "<h2>Tests by failure rate</h2><table><tr><th>test</th><th>failed</th><th></th></tr>",
    );
    for (test, failed, total) in rates.iter().filter(|(_, f, _)| *f > 0) {
        let percent = *failed as f64 * 100.0 / (*total).max(1) as f64;
        let _ = write!(
            body,
            "<tr><td>{}</td><td>{failed}/{total}</td><td><span class=\"bar over\"><span style=\"width:{percent:.1}%\"></span></span></td></tr>",
            esc(test)
        );
    }
    body.push_str("</table>");
    // Students.
    body.push_str(
        "<h2>Students</h2><table id=\"students\"><thead><tr><th>student</th><th>status</th><th>score</th>",
    );
    for category in Category::ALL {
        let _ = write!(body, "<th>{}</th>", category.name());
    }
    body.push_str("</tr></thead><tbody>");
    for (i, report) in reports.iter().enumerate() {
        let score = report.score;
        let _ = write!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td data-sort=\"{score:.4}\">{score:.2}%</td>",
            esc(&link(i)),
            esc(&report.name()),
            report.status.name()
        );
        for (_, tally) in &report.categories {
            if let Some((passed, total)) = tally {
                let _ = write!(body, "<td data-sort=\"{passed}\">{passed}/{total}</td>");
            } else {
                body.push_str("<td data-sort=\"-1\">–</td>");
            }
        }
        body.push_str("</tr>");
    }
    body.push_str("</tbody></table><p class=\"legend\">Click a heading to sort.</p>");
    page("slider autograde: class", &body, SORT)
}

/// Sorts the students' table by the clicked column (numbers by `data-sort`).
const SORT: &str = "
document.querySelectorAll('#students th').forEach(function(th,col){
  th.style.cursor='pointer';
  th.addEventListener('click',function(){
    var body=document.querySelector('#students tbody');
    var rows=Array.prototype.slice.call(body.rows);
    var down=th.dataset.down!=='1';th.dataset.down=down?'1':'0';
    rows.sort(function(a,b){
      var x=a.cells[col],y=b.cells[col];
      var p=x.dataset.sort,q=y.dataset.sort;
      var c=(p!==undefined&&q!==undefined)?(parseFloat(p)-parseFloat(q)):x.textContent.localeCompare(y.textContent);
      return down?-c:c;
    });
    rows.forEach(function(r){body.appendChild(r);});
  });
});
";
