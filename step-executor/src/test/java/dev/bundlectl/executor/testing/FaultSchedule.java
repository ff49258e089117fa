package dev.bundlectl.executor.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * Decides, request by request in arrival order, which {@link Fault} {@link FaultProxy} injects.
 * Implementations are called from several event-loop threads and must be thread-safe.
 */
public interface FaultSchedule {

    /** The fault for the next request to arrive. */
    Fault next();

    /** Every request forwarded untouched. */
    static FaultSchedule none() {
        return () -> Fault.NONE;
    }

    /**
     * A seeded random {@code rate} of requests get a fault, the five kinds evenly: the kinds come
     * from a bag of all five, shuffled with the same seed and refilled when empty, so that every
     * five faults hold each kind once. The same seed gives the same sequence of faults by arrival
     * order (which requests arrive in which order is up to the client's concurrency).
     *
     * @param seed the random seed
     * @param rate the share of requests that get a fault, 0 to 1
     */
    static FaultSchedule seeded(long seed, double rate) {
        if (!(rate >= 0 && rate <= 1)) {
            throw new IllegalArgumentException("the fault rate must be between 0 and 1, not " + rate);
        }
        return new Seeded(new Random(seed), rate);
    }

    /** The given faults for the first requests, in order, then none. */
    static FaultSchedule scripted(Fault... faults) {
        Deque<Fault> script = new ArrayDeque<>(Arrays.asList(faults));
        return () -> {
            synchronized (script) {
                Fault next = script.pollFirst();
                return next == null ? Fault.NONE : next;
            }
        };
    }

    /** The random schedule; one lock guards the generator and the bag. */
    final class Seeded implements FaultSchedule {

        private static final List<Fault> KINDS = List.of(Fault.TOO_MANY_REQUESTS, Fault.SERVICE_UNAVAILABLE,
                Fault.GATEWAY_TIMEOUT, Fault.RESET_BEFORE_FORWARDING, Fault.RESET_AFTER_FORWARDING);

        private final Random random;
        private final double rate;
        private final Deque<Fault> bag = new ArrayDeque<>();

        private Seeded(Random random, double rate) {
            this.random = Objects.requireNonNull(random, "random");
            this.rate = rate;
        }

        @Override
        public synchronized Fault next() {
            if (random.nextDouble() >= rate) {
                return Fault.NONE;
            }
            if (bag.isEmpty()) {
                List<Fault> kinds = new ArrayList<>(KINDS);
                Collections.shuffle(kinds, random);
                bag.addAll(kinds);
            }
            return bag.pollFirst();
        }
    }
}
