package dev.bundlectl.controller.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.planning.ConfigChoice;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import java.util.List;
import java.util.Objects;

/**
 * {@code spec} of a BundleInstall.
 *
 * @param source where the bundle comes from
 * @param csvMode {@code auto}, {@code olm} or {@code render}, as {@code --csv-mode}
 * @param optionalApis {@code GROUP[/KIND]} rules, as {@code --optional-api}
 * @param capabilities a capabilities document in any form {@code --capabilities-file} takes, or null
 * @param approval whether plans wait for approval
 * @param approvedPlan the plan digest a person approved, or null
 * @param serviceAccountName the ServiceAccount of the object's namespace whose rights every request made
 *     for this install has (the controller impersonates it), or null when none is named
 * @param config {@code spec.config}, the operator's configuration in OLM's {@code SubscriptionConfig}
 *     shape, checked (docs/semantics.md §10); empty when the spec has none, which drops any the last
 *     install recorded: the spec says how the operator runs
 * @param upgradeConstraintPolicy whether a version the upgrade graph does not reach, a lower one
 *     included, is refused ({@code CatalogProvided}, the default) or installed ({@code SelfCertified})
 * @param crdUpgradeSafety what a CRD update that would break stored objects does ({@code Warn}, the
 *     default, or {@code Strict}), as {@code --crd-upgrade-safety}
 */
public record BundleInstallSpec(BundleSource source, String csvMode, List<String> optionalApis, JsonNode capabilities,
        ApprovalMode approval, String approvedPlan, String serviceAccountName, ConfigChoice.Given config,
        UpgradeConstraintPolicy upgradeConstraintPolicy, CrdSafetyPolicy crdUpgradeSafety) {

    /** Checks the parts and copies the list. */
    public BundleInstallSpec {
        Objects.requireNonNull(source, "source");
        csvMode = csvMode == null ? "auto" : csvMode;
        optionalApis = List.copyOf(optionalApis == null ? List.of() : optionalApis);
        approval = approval == null ? ApprovalMode.Automatic : approval;
        config = config == null ? new ConfigChoice.Given(OperatorConfig.NONE, new ConfigLocation("BundleInstall", null,
                "spec.config.")) : config;
        upgradeConstraintPolicy = upgradeConstraintPolicy == null ? UpgradeConstraintPolicy.CatalogProvided
                : upgradeConstraintPolicy;
        crdUpgradeSafety = crdUpgradeSafety == null ? CrdSafetyPolicy.WARN : crdUpgradeSafety;
    }

    /**
     * A spec without {@code spec.config} that leaves the upgrade graph's edges to decide and whose
     * CRD updates warn: the defaults.
     */
    public BundleInstallSpec(BundleSource source, String csvMode, List<String> optionalApis, JsonNode capabilities,
            ApprovalMode approval, String approvedPlan, String serviceAccountName) {
        this(source, csvMode, optionalApis, capabilities, approval, approvedPlan, serviceAccountName, null, null, null);
    }

    /** Whether a version the graph does not reach, a lower one included, is installed anyway. */
    public boolean selfCertified() {
        return upgradeConstraintPolicy == UpgradeConstraintPolicy.SelfCertified;
    }
}
