"""The rewrite part of upstream's native module
(`mlir._mlir_libs._mlir.rewrite`); mlir.rewrite re-exports it."""

from .._ir import (  # noqa: F401
    FrozenRewritePatternSet,
    GreedyRewriteConfig,
    GreedyRewriteStrictness,
    GreedySimplifyRegionLevel,
    PDLModule,
    PDLResultList,
    PatternRewriter,
    RewritePatternSet,
    apply_patterns_and_fold_greedily,
    walk_and_apply_patterns,
)

__all__ = [
    "FrozenRewritePatternSet",
    "GreedyRewriteConfig",
    "GreedyRewriteStrictness",
    "GreedySimplifyRegionLevel",
    "PDLModule",
    "PDLResultList",
    "PatternRewriter",
    "RewritePatternSet",
    "apply_patterns_and_fold_greedily",
    "walk_and_apply_patterns",
]
