/* A stand-in for algs4's Bag, written for slider: add and iterate. */
package edu.princeton.cs.algs4;

import java.util.Iterator;

public class Bag<Item> implements Iterable<Item> {
    private final Stack<Item> items = new Stack<>();

    public Bag() { }

    public boolean isEmpty() { return items.isEmpty(); }

    public int size() { return items.size(); }

    public void add(Item item) { items.push(item); }

    /** Iterates from the last added to the first, as algs4's does. */
    public Iterator<Item> iterator() { return items.iterator(); }
}
