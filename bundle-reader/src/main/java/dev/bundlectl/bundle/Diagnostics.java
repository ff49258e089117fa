package dev.bundlectl.bundle;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable list of {@link Diagnostic}s in the order they were found.
 *
 * @param all every diagnostic, errors and warnings interleaved in discovery order
 */
public record Diagnostics(List<Diagnostic> all) {

    public static final Diagnostics NONE = new Diagnostics(List.of());

    public Diagnostics {
        all = List.copyOf(all);
    }

    public boolean hasErrors() {
        return all.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    public List<Diagnostic> errors() {
        return all.stream().filter(d -> d.severity() == Severity.ERROR).toList();
    }

    public List<Diagnostic> warnings() {
        return all.stream().filter(d -> d.severity() == Severity.WARNING).toList();
    }

    /** This list followed by {@code other}. */
    public Diagnostics plus(Diagnostics other) {
        List<Diagnostic> merged = new ArrayList<>(all);
        merged.addAll(other.all);
        return new Diagnostics(merged);
    }

    /** A mutable collector for one read; not shared between threads or reads. */
    public static final class Collector {
        private final List<Diagnostic> found = new ArrayList<>();

        public void add(Diagnostic diagnostic) {
            found.add(diagnostic);
        }

        /** Adds every diagnostic of {@code diagnostics}, in order. */
        public void addAll(Diagnostics diagnostics) {
            found.addAll(diagnostics.all());
        }

        public void error(SourceLocation location, String object, String field, String message) {
            add(Diagnostic.error(location, object, field, message));
        }

        public void warning(SourceLocation location, String object, String field, String message) {
            add(Diagnostic.warning(location, object, field, message));
        }

        public boolean hasErrors() {
            return found.stream().anyMatch(d -> d.severity() == Severity.ERROR);
        }

        public Diagnostics toDiagnostics() {
            return new Diagnostics(found);
        }
    }
}
