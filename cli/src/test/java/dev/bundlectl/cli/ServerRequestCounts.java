package dev.bundlectl.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The requests a real kube-apiserver has answered, by verb, resource and whether they were dry
 * runs, from its own {@code apiserver_request_total} counters ({@code /metrics}): what a run sent,
 * as the server counted it, without a proxy in between. Tests run one after the other, and the
 * test server has no controllers, so the difference between two readings around a run is that run.
 */
record ServerRequestCounts(Map<String, Long> byKey) {

    private static final Pattern SAMPLE = Pattern.compile("^apiserver_request_total\\{([^}]*)\\} ([0-9.e+]+)$",
            Pattern.MULTILINE);
    private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

    /** The counters now. */
    static ServerRequestCounts of(RealCluster cluster) {
        String metrics = cluster.client().raw("/metrics");
        Map<String, Long> counts = new HashMap<>();
        Matcher sample = SAMPLE.matcher(metrics);
        while (sample.find()) {
            Map<String, String> labels = new HashMap<>();
            Matcher label = LABEL.matcher(sample.group(1));
            while (label.find()) {
                labels.put(label.group(1), label.group(2));
            }
            counts.merge(key(labels.get("verb"), labels.get("resource"), !labels.getOrDefault("dry_run", "").isEmpty()),
                    (long) Double.parseDouble(sample.group(2)), Long::sum);
        }
        return new ServerRequestCounts(Map.copyOf(counts));
    }

    /** What was answered since {@code earlier}. */
    ServerRequestCounts since(ServerRequestCounts earlier) {
        Map<String, Long> difference = new HashMap<>();
        byKey.forEach((key, count) -> difference.put(key, count - earlier.byKey.getOrDefault(key, 0L)));
        return new ServerRequestCounts(Map.copyOf(difference));
    }

    /** How many {@code verb} requests on {@code resource} (its plural) were answered. */
    long count(String verb, String resource, boolean dryRun) {
        return byKey.getOrDefault(key(verb, resource, dryRun), 0L);
    }

    /** How many requests that write (not dry runs) were answered, on any resource. */
    long writes() {
        long writes = 0;
        for (Map.Entry<String, Long> entry : byKey.entrySet()) {
            String[] parts = entry.getKey().split(" ");
            boolean write = switch (parts[0]) {
                case "POST", "PUT", "PATCH", "DELETE", "APPLY", "UPDATE", "CREATE", "DELETECOLLECTION" -> true;
                default -> false;
            };
            if (write && "wet".equals(parts[2])) {
                writes += entry.getValue();
            }
        }
        return writes;
    }

    private static String key(String verb, String resource, boolean dryRun) {
        return verb + " " + resource + " " + (dryRun ? "dry" : "wet");
    }
}
