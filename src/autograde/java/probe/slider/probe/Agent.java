/*
 * slider's size agent: started with -javaagent, it keeps the JVM's
 * Instrumentation for the probe (Instrumentation.getObjectSize), in a
 * private field of a class in slider's own package, out of the student's
 * reach. Nothing else.
 */
package slider.probe;

import java.lang.instrument.Instrumentation;

public final class Agent {
    private static volatile Instrumentation instrumentation;

    private Agent() { }

    public static void premain(String args, Instrumentation inst) {
        if (instrumentation == null) instrumentation = inst;
    }

    static Instrumentation get() {
        return instrumentation;
    }
}
