/* A stand-in for algs4's StdIn, written for slider: tokens, characters and
 * lines of standard input, with algs4's names. */
package edu.princeton.cs.algs4;

import java.util.NoSuchElementException;
import java.util.Scanner;
import java.util.regex.Pattern;

public final class StdIn {
    private static final Scanner SCANNER = new Scanner(System.in, "UTF-8");
    private static final Pattern WHITESPACE = Pattern.compile("\\p{javaWhitespace}+");
    private static final Pattern EVERY_CHARACTER = Pattern.compile("");

    private StdIn() { }

    public static boolean isEmpty() { return !SCANNER.hasNext(); }

    public static boolean hasNextLine() { return SCANNER.hasNextLine(); }

    public static boolean hasNextChar() {
        SCANNER.useDelimiter(EVERY_CHARACTER);
        boolean more = SCANNER.hasNext();
        SCANNER.useDelimiter(WHITESPACE);
        return more;
    }

    public static String readLine() {
        return SCANNER.hasNextLine() ? SCANNER.nextLine() : null;
    }

    public static char readChar() {
        SCANNER.useDelimiter(EVERY_CHARACTER);
        try {
            if (!SCANNER.hasNext()) throw new NoSuchElementException("no more characters");
            return SCANNER.next().charAt(0);
        } finally {
            SCANNER.useDelimiter(WHITESPACE);
        }
    }

    public static String readString() { return Scanning.next(SCANNER); }

    public static int readInt() { return Integer.parseInt(Scanning.next(SCANNER)); }

    public static long readLong() { return Long.parseLong(Scanning.next(SCANNER)); }

    public static double readDouble() { return Double.parseDouble(Scanning.next(SCANNER)); }

    public static int[] readAllInts() { return Scanning.allInts(SCANNER); }

    public static String[] readAllStrings() {
        java.util.List<String> out = new java.util.ArrayList<>();
        while (SCANNER.hasNext()) out.add(SCANNER.next());
        return out.toArray(new String[0]);
    }
}
