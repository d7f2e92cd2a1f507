/*
 * slider's autograder probe. It runs inside the JVM that holds a student's
 * Board and Solver, performs the operations of a plan file on them through
 * reflection (so that a missing or misspelt method fails only the tests
 * that need it), and reports raw results to slider over file descriptor 3,
 * a pipe; what the student's code prints goes to the ordinary standard
 * output, which slider reads apart. No security manager guards the probe
 * (JDK 24 and later have none): the student's code cannot name it, since
 * slider.probe is not on the class path it is compiled against, and
 * slider's allow-list of what compiled classes may reference, checked
 * before any of them runs, refuses reflection, threads, files, exec,
 * System.exit and the like, so that neither the pipe nor the probe's
 * fields can be reached. The operating system's sandbox (bubblewrap, a
 * uid of its own, CPU, memory, process and output limits) is the outer
 * wall: a JVM that ends early fails only the trials it left without a
 * record. slider judges every result against its own Rust reference;
 * nothing here decides a verdict.
 *
 * The protocol's other half is src/autograde/protocol.rs.
 *
 * Plan: header lines, then one operation per line (space-separated;
 * boards as n:t0,t1,...):
 *   api coursera|princeton       which API's method names to call
 *   student DIR                  the folder of the student's classes
 *   board reference              the Board there is slider's reference: a
 *                                solution's boards are rendered from their
 *                                tiles (Calls.shown), not by toString()
 *   cpu-ms MS                    CPU time of the trial's threads that ends it
 *   process-cpu-ms MS            CPU time of the whole JVM that ends it
 *   wall-ms MS                   wall time that ends it (a backstop)
 *   yardstick BOARD NS           before each trial, solve BOARD with the
 *                                yardstick (Yardstick.java); NS is its CPU
 *                                time on the course's machine, and the
 *                                three limits above are on that machine's
 *                                scale: each trial's are multiplied by the
 *                                median of this JVM's yardstick times / NS
 *   list K                       the operations after it belong to list K
 *   ID OP ARGS...                one operation (see Ops.java)
 * Records on descriptor 3 (tab-separated, fields escaped \\ \n \t \r):
 *   hello
 *   ID ok FIELD...               the operation's results
 *   ID threw CLASS MESSAGE FRAME...
 *   ID missing MEMBER            a method or constructor is not there
 *   ID skipped                   not run: an earlier input of its list threw
 *   ID limit cpu|process|wall THREADS_MS PROCESS_MS WALL_MS
 *   ID cpu THREADS_NS            the CPU, during the trial, of every thread
 *                                of the JVM but its own and the worker's
 *                                (sent before its ok)
 *   ID yardstick NS              the yardstick's CPU time just before the
 *                                trial (sent before its other records)
 *   fresh                        the JVM ends, and the first trial with no
 *                                record runs (again) in a fresh JVM: it threw
 *                                an OutOfMemoryError without a stack trace,
 *                                the JVM's few with one spent (see trial()),
 *                                or a trial before it left a thread alive
 *                                that this JDK cannot stop (stopAll())
 *   done
 * After a limit record the JVM ends: the trial's threads cannot be trusted.
 */
package slider.probe;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

public final class Probe {
    private static PrintStream channel;
    private static long cpuLimit = 5_000_000_000L, processLimit = 15_000_000_000L, wallLimit = 20_000_000_000L;
    /** The yardstick's board and its CPU time on the course's machine (none: 0). */
    private static int[][] yardstick;
    private static long yardstickCourse;
    /** This JVM's yardstick times, sorted. */
    private static final java.util.List<Long> YARDSTICK = new java.util.ArrayList<>();

    private Probe() { }

    public static void main(String[] args) throws Exception {
        Path fd = Paths.get("/proc/self/fd/3");
        String target = Files.isSymbolicLink(fd) ? Files.readSymbolicLink(fd).toString() : "";
        if (!target.startsWith("pipe:")) {
            System.err.println("slider probe: descriptor 3 is not slider's pipe (" + target + ")");
            Runtime.getRuntime().halt(70);
        }
        // Descriptor 3 itself, not a reopening of it (which another uid may
        // not do): the JVM is started with java.io opened for this.
        FileDescriptor descriptor = new FileDescriptor();
        Field number = FileDescriptor.class.getDeclaredField("fd");
        number.setAccessible(true);
        number.setInt(descriptor, 3);
        channel = new PrintStream(new BufferedOutputStream(new FileOutputStream(descriptor), 1 << 16),
            false, StandardCharsets.UTF_8);
        List<String> plan = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        String student = null;
        for (String line : plan) {
            String[] w = line.split(" ");
            if (w.length < 2) continue;
            switch (w[0]) {
                case "api": Ops.api = w[1]; break;
                case "board": Ops.referenceBoard = w[1].equals("reference"); break;
                case "student": student = w[1]; break;
                case "cpu-ms": cpuLimit = Long.parseLong(w[1]) * 1_000_000L; break;
                case "process-cpu-ms": processLimit = Long.parseLong(w[1]) * 1_000_000L; break;
                case "wall-ms": wallLimit = Long.parseLong(w[1]) * 1_000_000L; break;
                case "yardstick":
                    yardstick = Calls.parse(w[1]);
                    yardstickCourse = Long.parseLong(w[2]);
                    break;
                default: break;
            }
        }
        if (student == null) {
            System.err.println("slider probe: the plan names no student folder");
            Runtime.getRuntime().halt(70);
        }
        Clocks.findServiceThreads();
        Ops.prepare();
        // the yardstick's code compiled before its first measurement counts
        if (yardstick != null) for (int i = 0; i < 3; i++) Yardstick.measure(yardstick);
        emit("hello");
        channel.flush();
        startWorker(plan);
        watch();
    }

    /** Ends the JVM, whatever threads the student left running. */
    private static void end() {
        channel.flush();
        Runtime.getRuntime().halt(0);
    }

    static void emit(String... fields) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) s.append('\t');
            String f = fields[i];
            for (int k = 0; k < f.length(); k++) {
                char c = f.charAt(k);
                if (c == '\\') s.append("\\\\");
                else if (c == '\n') s.append("\\n");
                else if (c == '\t') s.append("\\t");
                else if (c == '\r') s.append("\\r");
                else s.append(c);
            }
        }
        channel.print(s.append('\n'));
    }


    /** The trials' thread group and its worker. */
    private static ThreadGroup group;
    private static Thread worker;
    /** The trial the worker runs now (null before the first). */
    private static volatile Running running;
    /** Set by the worker when the plan is done. */
    private static volatile boolean planDone;

    /**
     * One trial as the worker started it: what the watch needs to tell when
     * a limit ends it. Its state is settled once, by whichever of the
     * worker (the trial returned) or the watch (a limit ended it) gets
     * there first: a trial has exactly one record.
     */
    private static final class Running {
        final String id;
        final long cpuLimit, processLimit, wallLimit, startWall, startProcess, startedThreads;
        final Map<String, Long> before = new HashMap<>();
        /** The JVM's own threads' clocks, read at most SERVICE_AGE before the trial (never changed). */
        final Map<String, Long> serviceBefore;
        /** RUNNING, then RETURNED or CUT. */
        final java.util.concurrent.atomic.AtomicInteger state = new java.util.concurrent.atomic.AtomicInteger();

        Running(String id, long cpuLimit, long processLimit, long wallLimit) {
            this.id = id;
            this.cpuLimit = cpuLimit;
            this.processLimit = processLimit;
            this.wallLimit = wallLimit;
            startedThreads = Clocks.startedThreads();
            // The JVM's own threads are read again only when the last
            // reading is older than SERVICE_AGE: an older reading makes
            // their share of the trial larger, and what ended threads
            // spent (charged to the trial) smaller, by at most what they
            // spent in that time: never against the student.
            long now = System.nanoTime();
            if (serviceLast == null || now - serviceRead > SERVICE_AGE) {
                Map<String, Long> service = new HashMap<>();
                Clocks.sample(before, service);
                serviceLast = service;
                serviceRead = now;
            } else {
                Clocks.sample(before, null);
            }
            serviceBefore = serviceLast;
            startWall = System.nanoTime();
            // read after the threads: the process's CPU since is never more
            // than theirs plus what threads that ended spent
            startProcess = Clocks.processCpu();
        }
    }

    /** How old a reading of the JVM's own threads a trial may start from (2 ms). */
    private static final long SERVICE_AGE = 2_000_000L;
    /** The last reading of the JVM's own threads (worker only), and when. */
    private static Map<String, Long> serviceLast;
    private static long serviceRead;

    private static final int RUNNING = 0, RETURNED = 1, CUT = 2;
    /**
     * Whether this JDK can stop a thread: from JDK 20 on, Thread.stop
     * throws UnsupportedOperationException.
     */
    private static final boolean CAN_STOP = Runtime.version().feature() < 20;
    /** Whether a thread of the last trial's is alive and cannot be stopped (worker only). */
    private static boolean leftAlive;
    /** Whether no thread of the student's was alive after the last trial (the worker's). */
    private static boolean clean = true;

    /**
     * The worker: one thread, in a group of its own, that runs the plan's
     * trials one after another. The record is made on the worker too: every
     * call into the student's code (toString(), getMessage()) happens under
     * the trial's limits, which count the CPU time of every thread of the
     * JVM but its own (SERVICE), read from the operating system by thread
     * id: no Java object of the student's is asked anything. Nothing is
     * handed between threads per trial (a hand-off costs more than most
     * trials): the main thread watches the running trial (watch()).
     */
    private static void startWorker(List<String> plan) {
        group = new ThreadGroup("slider-trials");
        worker = new Thread(group, () -> {
            Clocks.workerTask = Clocks.ownTask();
            runPlan(plan);
            planDone = true;
            LockSupport.unpark(MAIN);
            // parked for good: the main thread ends the JVM
            while (true) LockSupport.park();
        }, "slider-trial", 16L << 20);
        worker.setDaemon(true);
        worker.start();
    }

    private static final Thread MAIN = Thread.currentThread();
    /** Trials this JVM has run. */
    private static int trialsBefore;

    /** The worker's loop over the plan. */
    private static void runPlan(List<String> plan) {
        long flushed = System.nanoTime();
        String list = "", failedList = null;
        for (String line : plan) {
            String[] w = line.split(" ");
            if (w.length == 2 && w[0].equals("list")) list = w[1];
            if (w.length < 2 || w[0].isEmpty() || !Character.isDigit(w[0].charAt(0))) continue;
            // Once an input of a list threw, the rest of the list is skipped
            // (no record): the course moves on after a list's first failure.
            if (list.equals(failedList)) {
                emit(w[0], "skipped");
                continue;
            }
            // A thread an earlier trial left could not be stopped: the next
            // trial runs in a fresh JVM (the skipped ones above were told).
            if (leftAlive) {
                emit("fresh");
                return;
            }
            String kind = trial(w);
            if ("fresh".equals(kind)) {
                emit("fresh");
                return;
            }
            if ("threw".equals(kind) || "missing".equals(kind)) failedList = list;
            if (System.nanoTime() - flushed > 20_000_000L) {
                channel.flush();
                flushed = System.nanoTime();
            }
        }
        emit("done");
    }

    /**
     * Runs one operation, on the worker, and sends its record; returns its
     * kind (ok, threw, missing). When a limit ended it, the watch has sent
     * the record and ends the JVM: this never returns.
     */
    private static String trial(String[] w) {
        long cpuLimit = Probe.cpuLimit, processLimit = Probe.processLimit, wallLimit = Probe.wallLimit;
        if (yardstick != null) {
            // Each timing trial starts on a collected heap: what the trials
            // before it left (promoted while they ran) is not collected,
            // with this trial's data live, during it. The collector's
            // threads are not the trial's; the yardstick starts on the
            // same heap.
            System.gc();
            // before the trial starts, while no student thread runs
            long spent = Yardstick.measure(yardstick);
            emit(w[0], "yardstick", String.valueOf(spent));
            YARDSTICK.add(spent);
            java.util.Collections.sort(YARDSTICK);
            double scale = (double) YARDSTICK.get(YARDSTICK.size() / 2) / yardstickCourse;
            cpuLimit = (long) (cpuLimit * scale);
            // the JVM's own threads (collectors, compilers) are not what the
            // yardstick measures: never less than the plan's limit
            processLimit = Math.max(processLimit, (long) (processLimit * scale));
            wallLimit = Math.max(wallLimit, (long) (wallLimit * scale));
        }
        Running trial = new Running(w[0], cpuLimit, processLimit, wallLimit);
        running = trial;
        List<String> fields = Ops.record(w);
        // an interrupt the student's code left must not reach the probe
        Thread.interrupted();
        if (!trial.state.compareAndSet(RUNNING, RETURNED)) {
            // the watch ended it, and ends the JVM
            while (true) LockSupport.park();
        }
        Map<String, Long> seen = new HashMap<>(), serviceSeen = new HashMap<>();
        long ended = 0;
        // A trial that started with only the JVM's and the probe's threads
        // alive, and started none, ran on the worker and the JVM's threads
        // that run Java code (reference handling, finalizers, cleaners,
        // notifications, signals) alone: no thread of its ended unseen,
        // and the JVM's own threads need not be read.
        boolean alone = clean && Clocks.startedThreads() == trial.startedThreads;
        if (alone) {
            Clocks.sample(seen, null);
        } else {
            // the process's clock before the threads' (see Running)
            long process = Clocks.processCpu() - trial.startProcess;
            Clocks.sample(seen, serviceSeen);
            ended = Clocks.endedThreads(process, Clocks.spent(seen, trial.before) + Clocks.spent(serviceSeen, trial.serviceBefore));
        }
        // Threads the trial left behind must not run into the next one.
        clean = alone || stopAll();
        leftAlive = !clean && !CAN_STOP;
        long helpers = ended;
        for (Map.Entry<String, Long> e : seen.entrySet()) {
            if (!e.getKey().equals(Clocks.workerTask)) helpers += e.getValue() - trial.before.getOrDefault(e.getKey(), 0L);
        }
        // The JVM keeps a few OutOfMemoryErrors with stack traces (4, some
        // of them spent by any thread that runs out of memory: the probe's
        // watch, while the heap is full), then throws them without: how many
        // a trial finds depends on what ran before it in its JVM. So a trial
        // whose error has no trace runs again in a fresh JVM, unless it was
        // the first there; its record is then the same in any grouping.
        if (Ops.outOfMemory && Ops.traceless && trialsBefore > 0) return "fresh";
        trialsBefore++;
        if (helpers > 0) emit(w[0], "cpu", String.valueOf(helpers));
        String kind = fields.get(0);
        fields.add(0, w[0]);
        emit(fields.toArray(new String[0]));
        return kind;
    }

    /**
     * The main thread, while the worker runs the plan: every 10 ms, the
     * running trial's CPU time (its threads', and the whole JVM's) and
     * wall time against its limits. A trial over one is ended: its record
     * says which limit, and the JVM ends (the trial's threads cannot be
     * trusted afterwards).
     */
    private static void watch() {
        Running watched = null;
        Map<String, Long> seen = new HashMap<>(), serviceSeen = new HashMap<>();
        long checked = 0, process = 0, ended = 0;
        while (!planDone) {
            LockSupport.parkNanos(10_000_000L);
            Running trial = running;
            if (trial == null || trial.state.get() != RUNNING) continue;
            if (trial != watched) {
                watched = trial;
                seen.clear();
                serviceSeen.clear();
                checked = 0;
                process = 0;
                ended = 0;
            }
            long wall = System.nanoTime() - trial.startWall;
            boolean check = wall - checked > 50_000_000L;
            // the process's clock before the threads' (see Running)
            if (check) process = Clocks.processCpu() - trial.startProcess;
            Clocks.sample(seen, serviceSeen);
            long threads = Clocks.spent(seen, trial.before);
            if (check) {
                checked = wall;
                ended = Clocks.endedThreads(process, threads + Clocks.spent(serviceSeen, trial.serviceBefore));
            }
            String cut = null;
            if (threads + ended > trial.cpuLimit) cut = "cpu";
            else if (process > trial.processLimit) cut = "process";
            else if (wall > trial.wallLimit) cut = "wall";
            if (cut != null && trial.state.compareAndSet(RUNNING, CUT)) {
                emit(trial.id, "limit", cut, String.valueOf((threads + ended) / 1_000_000L),
                    String.valueOf(process / 1_000_000L), String.valueOf(wall / 1_000_000L));
                end();
            }
        }
        end();
    }


    /**
     * Stops every Java thread the student's code started, in any group
     * (Thread.stop is final: no student code runs here); true when none
     * was alive. Where the JDK cannot stop a thread (20 and later), none
     * is touched: the next trial runs in a fresh JVM (runPlan), so that no
     * thread of a trial's ever runs into another's, on every JDK. The JVM
     * ends at the end of its plan whatever threads are left.
     */
    @SuppressWarnings({"deprecation", "removal"})
    private static boolean stopAll() {
        if (Clocks.onlyOwnThreads()) return true;
        if (!CAN_STOP) return false;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t == worker || Clocks.SYSTEM.containsKey(t)) continue;
            try {
                t.stop();
            } catch (RuntimeException | Error ignored) {
                // best effort: the JVM ends at the end of the plan anyway
            }
        }
        return false;
    }
}
