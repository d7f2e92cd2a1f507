/*
 * slider's size agent: started with -javaagent, it keeps the JVM's
 * Instrumentation so that the probe can ask the size of each object as
 * this JVM lays it out (Instrumentation.getObjectSize). Nothing else.
 */
import java.lang.instrument.Instrumentation;

public final class SliderAgent {
    /** Set by the JVM before the probe's main runs. */
    public static volatile Instrumentation instrumentation;

    private SliderAgent() { }

    public static void premain(String args, Instrumentation inst) {
        instrumentation = inst;
    }
}
