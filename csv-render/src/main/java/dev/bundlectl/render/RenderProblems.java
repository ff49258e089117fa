package dev.bundlectl.render;

import java.util.ArrayList;
import java.util.List;

/** Collects the reasons a CSV cannot be rendered, so that the user sees all of them at once. */
final class RenderProblems {

    private final List<RenderProblem> found = new ArrayList<>();

    void add(String field, String message) {
        found.add(new RenderProblem(field, message));
    }

    boolean isEmpty() {
        return found.isEmpty();
    }

    List<RenderProblem> list() {
        return List.copyOf(found);
    }
}
