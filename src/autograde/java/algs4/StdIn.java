/* A stand-in for algs4's StdIn, written for slider: tokens of standard input. */
package edu.princeton.cs.algs4;

import java.util.Scanner;

public final class StdIn {
    private static final Scanner SCANNER = new Scanner(System.in, "UTF-8");

    private StdIn() { }

    public static boolean isEmpty() { return !SCANNER.hasNext(); }

    public static String readString() { return Scanning.next(SCANNER); }

    public static int readInt() { return Integer.parseInt(Scanning.next(SCANNER)); }

    public static int[] readAllInts() { return Scanning.allInts(SCANNER); }
}
