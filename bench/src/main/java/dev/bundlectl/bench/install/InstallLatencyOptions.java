package dev.bundlectl.bench.install;

import java.util.Locale;

/**
 * The install benchmark's command line:
 * {@code [--latency-ms 20] [--objects 50] [--runs 5] [--warmups 2] [--help]}.
 *
 * @param latencyMillis delay added to every request, 0 to 10,000 ms
 * @param objects objects in the synthetic bundle, 3 to 2,000
 * @param runs measured installs per strategy and latency, 1 to 100
 * @param warmUps discarded installs per strategy and latency before those, 0 to 100
 * @param help print the usage and nothing else
 */
public record InstallLatencyOptions(long latencyMillis, int objects, int runs, int warmUps, boolean help) {

    /** The usage line. */
    public static final String USAGE =
            "usage: InstallLatencyReport [--latency-ms 20] [--objects 50] [--runs 5] [--warmups 2] [--help]";

    public InstallLatencyOptions {
        check("--latency-ms", latencyMillis, 0, 10_000);
        check("--objects", objects, 3, 2_000);
        check("--runs", runs, 1, 100);
        check("--warmups", warmUps, 0, 100);
    }

    /** 20 ms, 50 objects, 5 runs after 2 warm-ups. */
    public static InstallLatencyOptions defaults() {
        return new InstallLatencyOptions(20, 50, 5, 2, false);
    }

    /**
     * Parses the arguments; each option takes its value as the next argument or after {@code =}.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad argument
     */
    public static InstallLatencyOptions parse(String... args) {
        InstallLatencyOptions defaults = defaults();
        long latency = defaults.latencyMillis();
        int objects = defaults.objects();
        int runs = defaults.runs();
        int warmUps = defaults.warmUps();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
                continue;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            String value;
            if (arg.contains("=")) {
                value = arg.substring(arg.indexOf('=') + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new IllegalArgumentException(name + " needs a value");
            }
            switch (name) {
                case "--latency-ms":
                    latency = number(name, value);
                    break;
                case "--objects":
                    objects = (int) number(name, value);
                    break;
                case "--runs":
                    runs = (int) number(name, value);
                    break;
                case "--warmups":
                    warmUps = (int) number(name, value);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + name + "; " + USAGE);
            }
        }
        return new InstallLatencyOptions(latency, objects, runs, warmUps, help);
    }

    private static long number(String name, String value) {
        try {
            long parsed = Long.parseLong(value.trim());
            // Keeps the int casts above exact; the range checks give the real limits.
            if (parsed > Integer.MAX_VALUE || parsed < Integer.MIN_VALUE) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'");
        }
    }

    private static void check(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be between %d and %d, not %d",
                    name, min, max, value));
        }
    }
}
