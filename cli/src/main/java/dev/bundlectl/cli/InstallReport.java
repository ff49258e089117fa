package dev.bundlectl.cli;

import dev.bundlectl.executor.apply.RemovalGate;
import dev.bundlectl.executor.install.InstallOutcome;
import dev.bundlectl.executor.install.OperatorRunning;
import dev.bundlectl.executor.pipeline.PipelineOutcome;
import dev.bundlectl.executor.records.SavedRecord;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.ProblemList;
import dev.bundlectl.plan.UnservedApiHint;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How {@code install} words an install's end ({@link PipelineOutcome}): the final plan, redacted,
 * in the output format on stdout; what went wrong, the record's name and the operator's state on
 * stderr; and the exit code. A held lock is the caller's to handle, since it plans again.
 */
final class InstallReport {

    private final InstallFlags flags;
    private final PrintWriter out;
    private final PrintWriter err;

    InstallReport(InstallFlags flags, PrintWriter out, PrintWriter err) {
        this.flags = flags;
        this.out = out;
        this.err = err;
    }

    /**
     * Prints {@code ended} and answers the exit code.
     *
     * @param untilRunning whether the install was to wait for the new version to run
     */
    int print(PipelineOutcome ended, boolean untilRunning) {
        if (ended instanceof PipelineOutcome.ServedElsewhere served) {
            // The operator already serves the namespace from another: not even a record is written.
            printDocument(SecretRedaction.redact(served.plan()));
            err.println("nothing written: " + TerminalText.safe(served.why()));
            return ExitCode.OK;
        }
        if (ended instanceof PipelineOutcome.PredictedToFail predicted) {
            printDocument(SecretRedaction.redact(predicted.plan()));
            err.println("error: the plan cannot succeed on this cluster; nothing was applied");
            predicted.verdict().reasons().forEach(reason -> err.println("  " + TerminalText.safe(reason)));
            UnservedApiHint.of(predicted.plan().steps()).ifPresent(hint -> err.println("  " + hint));
            return ExitCode.PLAN_FAILED;
        }
        if (ended instanceof PipelineOutcome.Forbidden forbidden) {
            printDocument(SecretRedaction.redact(forbidden.outcome().plan()));
            printMissingAccess(forbidden.outcome());
            return ExitCode.PLAN_FAILED;
        }
        if (ended instanceof PipelineOutcome.PreflightRefused refused) {
            return printRefused(refused);
        }
        if (ended instanceof PipelineOutcome.Applied applied) {
            return applied.waited().isPresent() ? printWaited(applied.outcome(), applied.waited().get())
                    : printApplied(applied.outcome(), untilRunning);
        }
        throw new IllegalStateException("a held lock is planned again, not printed: " + ended);
    }

    private int printRefused(PipelineOutcome.PreflightRefused refused) {
        InstallPlan plan = refused.outcome().plan();
        printDocument(SecretRedaction.redact(plan));
        err.println(refused.ownedByOthersOnly()
                ? "error: other installs own objects this plan would change; nothing was written"
                : "error: the server refused the plan in preflight (a server-side dry run of every step); "
                        + "nothing was written");
        plan.steps().stream().filter(step -> step.status() == StepStatus.FAILED)
                .forEach(step -> err.println("  " + step.resource().displayName() + ": "
                        + TerminalText.safe(ProblemList.brief(step.message()))));
        return ExitCode.PLAN_FAILED;
    }

    /** An install that did not wait afterwards: a dry run, one not asked to wait, or one whose run saw it running. */
    private int printApplied(InstallOutcome outcome, boolean untilRunning) {
        boolean complete = outcome.plan().status().phase() == InstallPlanPhase.COMPLETE;
        Optional<PlanCondition> running = outcome.plan().condition(OperatorRunning.TYPE);
        printResult(outcome);
        if (complete && running.isPresent() && untilRunning && flags.writes()) {
            err.println(runningLine(outcome.plan(), running.get()));
        }
        if (outcome.forbidden()) {
            printMissingAccess(outcome);
        }
        if (!complete && running.isPresent()) {
            // An upgrade whose new version did not run: the old one keeps what it had.
            err.println("error: " + TerminalText.safe(outcome.plan().status().message()) + "; "
                    + outcome.plan().metadata().annotations().getOrDefault(UpgradeSteps.UPGRADE_FROM_ANNOTATION,
                            "the previous version") + " keeps everything it had");
        }
        return complete && !outcome.forbidden() ? ExitCode.OK : ExitCode.PLAN_FAILED;
    }

    /** A complete install that then waited (--wait) for the new version to run. */
    private int printWaited(InstallOutcome outcome, RemovalGate.Answer answer) {
        if (answer.condition() == null) {
            printResult(outcome);
            err.println("--wait: no Deployments were rendered from the CSV (csv-mode "
                    + outcome.plan().metadata().annotations().getOrDefault(PlanAnnotations.CSV_MODE, "olm")
                    + "); with OLM, the operator's Deployments are OLM's to roll out");
            return ExitCode.OK;
        }
        printResult(new InstallOutcome(outcome.plan().withCondition(answer.condition()), outcome.record(),
                outcome.firstInstall(), outcome.warnings()));
        if (answer instanceof RemovalGate.Answer.Closed closed) {
            err.println("error: " + TerminalText.safe(closed.why()));
            return ExitCode.PLAN_FAILED;
        }
        err.println(runningLine(outcome.plan(), answer.condition()));
        return ExitCode.OK;
    }

    /** {@code operator running: NS/CSV Succeeded …}, or the Deployments' count in render mode. */
    private static String runningLine(InstallPlan plan, PlanCondition running) {
        return "operator running: " + OperatorRunning.csvStep(plan)
                .map(csv -> csv.resource().namespace() + "/" + csv.resource().name() + " ").orElse("")
                + TerminalText.safe(running.message());
    }

    /** What the acting identity lacks, one line each, after the headline. */
    private void printMissingAccess(InstallOutcome outcome) {
        err.println("error: " + TerminalText.safe(outcome.missingAccess().headline()));
        outcome.missingAccess().lines().forEach(line -> err.println("  " + TerminalText.safe(line)));
    }

    private void printResult(InstallOutcome outcome) {
        printDocument(withRecordName(SecretRedaction.redact(outcome.plan()), outcome.record()));
        outcome.warnings().forEach(warning -> err.println("warning: " + TerminalText.safe(warning)));
        if (outcome.record() != null) {
            err.println("install record: " + outcome.record().namespace() + "/" + outcome.record().name()
                    + " (see: " + flags.commandName() + " status -n " + outcome.record().namespace() + " "
                    + outcome.record().name() + ")");
        } else {
            err.println("dry run: nothing was persisted and no install record was written");
        }
        out.flush();
    }

    /** The final plan (redacted) in the output format: a document, or the table; jsonl printed its events. */
    private void printDocument(InstallPlan redacted) {
        switch (flags.output()) {
            case YAML -> out.print(InstallPlanCodec.toYaml(redacted));
            case JSON -> out.println(InstallPlanCodec.toJson(redacted));
            case TABLE -> {
                out.println();
                PlanTable.print(redacted, out);
            }
            default -> {
                // jsonl: the events were the output.
            }
        }
    }

    /** The plan naming its install record ({@link PlanAnnotations#INSTALL_RECORD}); unchanged for a dry run. */
    private static InstallPlan withRecordName(InstallPlan plan, SavedRecord record) {
        if (record == null) {
            return plan;
        }
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.put(PlanAnnotations.INSTALL_RECORD, record.namespace() + "/" + record.name());
        return new InstallPlan(new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(),
                annotations), plan.spec(), plan.status());
    }
}
