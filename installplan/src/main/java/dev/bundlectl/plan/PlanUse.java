package dev.bundlectl.plan;

/**
 * What a plan is made for. It decides only whether the parts that only a stored or shown plan
 * needs are worked out; the steps, their statuses and messages, the conditions and so the verdict
 * are the same either way.
 */
public enum PlanUse {

    /** The plan is shown, written to a file, reviewed or applied: it is made whole. */
    DOCUMENT,

    /**
     * Only the plan's verdict, steps and status are read, and the plan is then dropped (a batch's
     * summary line). Its {@code bundlectl.dev/bundle-digest}, SHA-256 over every step's manifest,
     * is left out: it identifies a plan file for review, which such a plan never becomes, and it
     * cost a seventh of the CPU of planning a whole catalog. So are the steps' manifest texts,
     * except where an object asks to be deleted: a summary shows none, and writing them cost a
     * sixth (the API server's size limit is checked from the objects themselves).
     */
    VERDICT
}
