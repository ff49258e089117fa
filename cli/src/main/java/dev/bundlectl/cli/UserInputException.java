package dev.bundlectl.cli;

import java.util.List;

/**
 * A mistake in what the user gave us. It is printed as one line per problem, without a stack
 * trace, and exits with {@link ExitCode#INVALID_INPUT}.
 */
public final class UserInputException extends RuntimeException {

    private final List<String> problems;

    public UserInputException(String problem) {
        this(List.of(problem));
    }

    public UserInputException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One line per problem. */
    public List<String> problems() {
        return problems;
    }
}
