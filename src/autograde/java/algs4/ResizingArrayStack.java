/* A stand-in for algs4's ResizingArrayStack, written for slider. */
package edu.princeton.cs.algs4;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

public class ResizingArrayStack<Item> implements Iterable<Item> {
    private Object[] items = new Object[2];
    private int n;

    public ResizingArrayStack() { }

    public boolean isEmpty() { return n == 0; }

    public int size() { return n; }

    public void push(Item item) {
        if (n == items.length) items = Arrays.copyOf(items, 2 * n);
        items[n++] = item;
    }

    @SuppressWarnings("unchecked")
    public Item pop() {
        if (n == 0) throw new NoSuchElementException("Stack underflow");
        Item item = (Item) items[--n];
        items[n] = null;
        if (n > 0 && n == items.length / 4) items = Arrays.copyOf(items, items.length / 2);
        return item;
    }

    @SuppressWarnings("unchecked")
    public Item peek() {
        if (n == 0) throw new NoSuchElementException("Stack underflow");
        return (Item) items[n - 1];
    }

    /** Iterates from the top down. */
    public Iterator<Item> iterator() {
        return new Iterator<Item>() {
            private int i = n;
            public boolean hasNext() { return i > 0; }
            @SuppressWarnings("unchecked")
            public Item next() {
                if (i == 0) throw new NoSuchElementException();
                return (Item) items[--i];
            }
        };
    }
}
