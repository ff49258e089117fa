package dev.bundlectl.executor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.ownership.FieldConflict;
import dev.bundlectl.executor.ownership.ObservedObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one execution's answers said of each step's object, by step index: its identity and owners
 * (from every write's answer, a dry run's included), the field managers an apply conflicted
 * with, and in a dry run the answered object itself. Written on the execution's context, read by other threads once it has finished.
 */
final class Observations {

    private final Map<Integer, ObservedObject> observed = new ConcurrentHashMap<>();
    private final Map<Integer, List<String>> conflicts = new ConcurrentHashMap<>();
    private final Map<Integer, List<FieldConflict>> fieldConflicts = new ConcurrentHashMap<>();
    private final Map<Integer, ObjectNode> answers = new ConcurrentHashMap<>();

    void observed(int index, ObservedObject object) {
        observed.put(index, object);
    }

    void conflicted(int index, List<String> managers, List<FieldConflict> fields) {
        conflicts.put(index, List.copyOf(managers));
        fieldConflicts.put(index, List.copyOf(fields));
    }

    void answered(int index, ObjectNode object) {
        answers.put(index, object);
    }

    Map<Integer, ObservedObject> observed() {
        return Map.copyOf(observed);
    }

    Map<Integer, List<String>> conflicts() {
        return Map.copyOf(conflicts);
    }

    Map<Integer, List<FieldConflict>> fieldConflicts() {
        return Map.copyOf(fieldConflicts);
    }

    Map<Integer, ObjectNode> answers() {
        return Map.copyOf(answers);
    }
}
