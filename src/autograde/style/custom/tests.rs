use super::*;

fn rules(file: JavaFile, src: &str) -> Vec<(CustomRule, u32, Option<u32>, String)> {
    check(file, src)
        .into_iter()
        .map(|f| (f.rule, f.line, f.column, f.subject))
        .collect()
}

fn has(file: JavaFile, src: &str, rule: CustomRule) -> bool {
    check(file, src).iter().any(|f| f.rule == rule)
}

const SOLVER_OK: &str =
    "public class Solver {\n    public Solver(Board b) {\n        if (b.equals(b)) { }\n    }\n}\n";

#[test]
fn nested_class_is_reported_at_the_outer_class() {
    let src = "import x.Y;\n\npublic class Board {\n    private static class Cell { }\n}\n";
    assert_eq!(
        rules(JavaFile::Board, src),
        vec![(CustomRule::NestedClass, 3, Some(1), "Board".to_string())]
    );
    let local = "final class Board {\n  void f() {\n    final class L { }\n  }\n}\n";
    assert_eq!(
        rules(JavaFile::Board, local),
        vec![(CustomRule::NestedClass, 1, Some(1), "Board".to_string())]
    );
}

#[test]
fn nested_enum_or_anonymous_class_is_not_a_nested_class() {
    let src = "public class Board {\n    private enum Dir { UP, DOWN }\n    Object o = new Object() { };\n    // class Fake { }\n    String s = \"class Q {\";\n}\n";
    assert!(!has(JavaFile::Board, src, CustomRule::NestedClass));
}

#[test]
fn implements_is_reported_at_the_keyword_with_tabs_expanded() {
    let src = "public class Board {\n\tprivate class It implements Iterable<Board> {\n\t}\n}\n";
    let found: Vec<_> = rules(JavaFile::Board, src)
        .into_iter()
        .filter(|f| f.0 == CustomRule::InterfaceInheritance)
        .collect();
    // tab -> column 9; "private class It " is 17 chars -> 26.
    assert_eq!(
        found,
        vec![(
            CustomRule::InterfaceInheritance,
            2,
            Some(26),
            "It".to_string()
        )]
    );
}

#[test]
fn no_implements_no_interface_inheritance() {
    let src = "public class Board {\n    public Iterable<Board> neighbors() { return new Stack<Board>(); }\n}\n";
    assert!(!has(JavaFile::Board, src, CustomRule::InterfaceInheritance));
}

#[test]
fn to_string_in_equals_is_reported_at_the_paren() {
    let src = "public class Board {\n    public boolean equals(Object y) {\n        return y.toString().equals(toString());\n    }\n}\n";
    let found: Vec<_> = rules(JavaFile::Board, src)
        .into_iter()
        .filter(|f| f.0 == CustomRule::ToStringInEquals)
        .map(|f| (f.1, f.2))
        .collect();
    assert_eq!(found, vec![(3, Some(26)), (3, Some(44))]);
}

#[test]
fn to_string_elsewhere_is_fine() {
    let src = "public class Board {\n    public String show() { return toString(); }\n    public boolean equals(Object y) { return y == this; }\n}\n";
    assert!(!has(JavaFile::Board, src, CustomRule::ToStringInEquals));
}

#[test]
fn print_in_the_constructor_is_reported() {
    let src = "public class Solver {\n    public Solver(Board b) {\n        StdOut.println(b.equals(b));\n    }\n}\n";
    assert_eq!(
        rules(JavaFile::Solver, src),
        vec![(CustomRule::PrintInApi, 3, Some(23), "Solver".to_string())]
    );
    let sys =
        "public class Board {\n  public int hamming() { System.out.println(1); return 0; }\n}\n";
    assert!(has(JavaFile::Board, sys, CustomRule::PrintInApi));
}

#[test]
fn print_in_main_or_a_helper_is_fine() {
    let src = "public class Solver {\n    public Solver(Board b) { b.equals(b); }\n    private void log() { StdOut.println(); }\n    public static void main(String[] a) { StdOut.println(); }\n    private class N { public int moves() { StdOut.println(); return 0; } }\n}\n";
    assert!(!has(JavaFile::Solver, src, CustomRule::PrintInApi));
}

#[test]
fn non_final_statics_are_counted_over_the_file_in_order() {
    let src = "public class Board {\n    private static int zeta;\n    private static final int N = 3;\n    private static int alpha = 1, beta;\n    private static class C { static String gamma; }\n}\n";
    assert_eq!(
        rules(JavaFile::Board, src)
            .into_iter()
            .filter(|f| f.0 == CustomRule::StaticVariables)
            .collect::<Vec<_>>(),
        vec![(
            CustomRule::StaticVariables,
            1,
            None,
            "alpha, beta, gamma, zeta".to_string()
        )]
    );
}

#[test]
fn final_statics_and_instance_fields_are_fine() {
    let src = "public class Board {\n    private static final int N = 3;\n    private int n;\n    interface I { int K = 1; }\n    static void f() { int x = 0; }\n}\n";
    assert!(!has(JavaFile::Board, src, CustomRule::StaticVariables));
}

#[test]
fn hamming_call_is_reported_at_its_name() {
    let src = "public class Solver {\n    public Solver(Board b) {\n        int h = b.hamming();\n        b.equals(b);\n    }\n}\n";
    assert_eq!(
        rules(JavaFile::Solver, src),
        vec![(CustomRule::HammingCall, 3, Some(19), "hamming".to_string())]
    );
}

#[test]
fn manhattan_or_a_hamming_field_is_fine() {
    let src = "public class Solver {\n    private int hamming;\n    public Solver(Board b) { hamming = b.manhattan(); b.equals(b); }\n}\n";
    assert!(rules(JavaFile::Solver, src).is_empty());
}

#[test]
fn own_iterator_methods_are_reported() {
    let src = "public class Solver {\n    public Solver(Board b) { b.equals(b); }\n    private class It implements Iterator<Board> {\n        public boolean hasNext() { return false; }\n        public Board next() { return null; }\n    }\n}\n";
    let found: Vec<_> = rules(JavaFile::Solver, src)
        .into_iter()
        .map(|f| (f.0, f.1, f.2))
        .collect();
    assert_eq!(
        found,
        vec![
            (CustomRule::OwnIterable, 4, Some(24)),
            (CustomRule::OwnIterable, 5, Some(22)),
        ]
    );
}

#[test]
fn anonymous_iterable_is_fine() {
    let src = "public class Solver {\n    public Solver(Board b) { b.equals(b); }\n    public Iterable<Board> solution() {\n        return new Iterable<Board>() {\n            public Iterator<Board> iterator() { return null; }\n        };\n    }\n}\n";
    assert!(rules(JavaFile::Solver, src).is_empty());
}

#[test]
fn min_pq_field_is_reported_at_its_type() {
    let src = "public class Solver {\n    private final MinPQ<Node> pq = new MinPQ<>(), pq2;\n    private static final Comparator<Node> BY = null;\n    public Solver(Board b) { b.equals(b); }\n}\n";
    let found: Vec<_> = rules(JavaFile::Solver, src)
        .into_iter()
        .map(|f| (f.0, f.1, f.2, f.3))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                CustomRule::InstanceVariableType,
                2,
                Some(19),
                "MinPQ".to_string()
            ),
            (
                CustomRule::InstanceVariableType,
                3,
                Some(26),
                "Comparator".to_string()
            ),
        ]
    );
}

#[test]
fn min_pq_local_is_fine() {
    let src = "public class Solver {\n    private Stack<Board> path;\n    public Solver(Board b) {\n        MinPQ<Node> pq = new MinPQ<>();\n        b.equals(b);\n    }\n}\n";
    assert!(rules(JavaFile::Solver, src).is_empty());
}

#[test]
fn no_equals_call_is_reported_at_line_one() {
    let src = "public class Solver {\n    public Solver(Board b) {\n        if (b == b) { }\n        // b.equals(b)\n    }\n}\n";
    assert_eq!(
        rules(JavaFile::Solver, src),
        vec![(CustomRule::NoEqualsCall, 1, None, "equals".to_string())]
    );
}

#[test]
fn an_equals_call_is_enough() {
    assert!(rules(JavaFile::Solver, SOLVER_OK).is_empty());
}

#[test]
fn findings_are_ordered_by_line_then_column() {
    let src = "public class Solver {\n  private static int s;\n  private MinPQ<N> a;\n}\n";
    let found: Vec<_> = check(JavaFile::Solver, src)
        .into_iter()
        .map(|f| (f.rule, f.line, f.column))
        .collect();
    assert_eq!(
        found,
        vec![
            (CustomRule::NoEqualsCall, 1, None),
            (CustomRule::StaticVariables, 1, None),
            (CustomRule::InstanceVariableType, 3, Some(11)),
        ]
    );
}

#[test]
fn every_rule_has_a_tag() {
    for rule in CustomRule::ALL {
        assert!(!rule.tag().is_empty());
    }
}

#[test]
fn hostile_sources_do_not_panic() {
    let mut garbage = String::new();
    let mut x: u32 = 12345;
    for _ in 0..20_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        garbage.push(char::from_u32((x >> 16) % 0x3000).unwrap_or('?'));
    }
    let samples = [
        garbage.as_str(),
        "",
        "/* unterminated",
        "class A { String s = \"unterminated\n; char c = '",
        "class A { \\u0022 \\uXXXX \"\"\" never closed",
        "}}}}}} ))))) class { enum { ; ( ) { new ( ) { } } } } { { {",
        "class A { int a = , , = ; B(} record R( enum E { A { } , B ( ; }",
        "@ @ @interface @ ( class X implements { static static",
        "\u{feff}\r\n\r\t\tclass\tBoard\r{ class C {} }",
    ];
    for s in samples {
        for file in [JavaFile::Board, JavaFile::Solver] {
            let _ = check(file, s);
        }
    }
    let deep = "class A { ".repeat(5000) + &"void f() { new B() { ".repeat(5000);
    let _ = check(JavaFile::Board, &deep);
    let chain = "a.".repeat(50_000) + "b(" + &"(".repeat(50_000) + ") {";
    let _ = check(JavaFile::Solver, &chain);
}
