package dev.bundlectl.cli;

import java.util.List;

/**
 * An operation that what the cluster holds makes unsafe, refused before anything was written: a
 * rollback whose older CRDs would lose stored objects or whose live custom resources fail the older
 * schema (docs/semantics.md §9, "Rollbacks"). Printed as one line per problem, without a stack
 * trace; exits with {@link ExitCode#PLAN_FAILED}, as a plan predicted to fail does.
 */
final class RefusedOnClusterException extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    RefusedOnClusterException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One line per problem. */
    List<String> problems() {
        return problems;
    }
}
