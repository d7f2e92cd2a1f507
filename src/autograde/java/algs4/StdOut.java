/* A stand-in for algs4's StdOut, written for slider: UTF-8 standard output. */
package edu.princeton.cs.algs4;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

public final class StdOut {
    private static final PrintWriter OUT =
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);

    private StdOut() { }

    public static void println() { OUT.println(); }

    public static void println(Object x) { OUT.println(x); }

    public static void print(Object x) { OUT.print(x); OUT.flush(); }

    public static void printf(String format, Object... args) {
        OUT.printf(Locale.US, format, args);
        OUT.flush();
    }
}
