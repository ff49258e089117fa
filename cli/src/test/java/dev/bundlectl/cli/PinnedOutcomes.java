package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.fail;

import dev.bundlectl.executor.testing.RealApiServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * One expected outcome per input (a bundle), kept in a text file under
 * {@code cli/src/test/resources/pinned/}: {@code <key>\t<outcome>} per line. A regression then
 * shows as the changed lines, not as a count. Run with {@code -Dbundlectl.updateGolden=true} to
 * rewrite the file from what the test saw, and review the diff before committing it.
 */
final class PinnedOutcomes {

    private static final String UPDATE_PROPERTY = "bundlectl.updateGolden";

    private final Path file;
    private final Map<String, String> actual = new LinkedHashMap<>();

    private PinnedOutcomes(Path file) {
        this.file = file;
    }

    /** Outcomes pinned in {@code cli/src/test/resources/pinned/<name>}. */
    static PinnedOutcomes in(String name) {
        return new PinnedOutcomes(file(name));
    }

    /**
     * Outcomes that a real server judged, pinned per Kubernetes release: {@code <name>.k8s-1.34.tsv}
     * for the release this JVM's real server runs ({@link RealApiServer#VERSION}). A bundle that
     * needs 1.27 is refused by 1.26 and installed by 1.34, and both answers are right.
     */
    static PinnedOutcomes onThisServer(String name) {
        return in(onRelease(name, RealApiServer.minorVersion()));
    }

    /** The file name of {@code name}'s outcomes on Kubernetes {@code minor} (such as {@code 1.34}). */
    static String onRelease(String name, String minor) {
        return name + ".k8s-" + minor + ".tsv";
    }

    /** The path of the pinned file {@code name}. */
    static Path file(String name) {
        return TestPaths.inRepo("cli/src/test/resources/pinned/" + name);
    }

    /** Records what happened to {@code key}; tabs and line breaks in the outcome become spaces. */
    void record(String key, String outcome) {
        actual.put(key, outcome.replaceAll("[\\t\\r\\n]+", " ").strip());
    }

    /** Fails listing every key whose outcome differs from the pinned one, or rewrites the file. */
    void verify() {
        verify(false);
    }

    /**
     * As {@link #verify()} for a run that tried only some of the pinned keys: keys it did not
     * record are neither checked nor dropped (a rewrite keeps their pinned outcomes).
     */
    void verifyRecorded() {
        verify(true);
    }

    private void verify(boolean recordedOnly) {
        Map<String, String> expected = read();
        if (recordedOnly) {
            expected.keySet().stream().filter(key -> !actual.containsKey(key)).toList()
                    .forEach(key -> actual.put(key, expected.get(key)));
        }
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            write();
            return;
        }
        List<String> changes = new ArrayList<>();
        for (String key : new TreeSet<>(union(expected, actual))) {
            String want = expected.get(key);
            String got = actual.get(key);
            if (!Objects.equals(want, got)) {
                changes.add(key + "\n    pinned: " + (want == null ? "(none)" : want)
                        + "\n    now:    " + (got == null ? "(none)" : got));
            }
        }
        if (!changes.isEmpty()) {
            fail(changes.size() + " outcome(s) differ from " + file + " (rerun with -D" + UPDATE_PROPERTY
                    + "=true to accept them):\n" + String.join("\n", changes));
        }
    }

    /** The recorded outcomes, in recording order. */
    Map<String, String> outcomes() {
        return Map.copyOf(actual);
    }

    private Map<String, String> read() {
        Map<String, String> pinned = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return pinned;
        }
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int tab = line.indexOf('\t');
                pinned.put(tab < 0 ? line : line.substring(0, tab), tab < 0 ? "" : line.substring(tab + 1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pinned;
    }

    private void write() {
        StringBuilder text = new StringBuilder("# Pinned by ").append(caller())
                .append("; rewrite with -D").append(UPDATE_PROPERTY).append("=true and review the diff.\n");
        new java.util.TreeMap<>(actual).forEach((key, outcome) -> text.append(key).append('\t').append(outcome).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String caller() {
        return StackWalker.getInstance().walk(frames -> frames
                .map(StackWalker.StackFrame::getClassName)
                .filter(name -> !name.equals(PinnedOutcomes.class.getName()))
                .findFirst()
                .map(name -> name.substring(name.lastIndexOf('.') + 1))
                .orElse("a test"));
    }

    private static java.util.Set<String> union(Map<String, String> a, Map<String, String> b) {
        java.util.Set<String> keys = new java.util.HashSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }
}
