"""The rewrite part of upstream's native module
(`mlir._mlir_libs._mlir.rewrite`); mlir.rewrite re-exports it."""

from .._ir import (  # noqa: F401
    ConversionConfig,
    ConversionPatternRewriter,
    ConversionTarget,
    DialectConversionFoldingMode,
    FrozenRewritePatternSet,
    GreedyRewriteConfig,
    GreedyRewriteStrictness,
    GreedySimplifyRegionLevel,
    PDLModule,
    PDLResultList,
    PatternRewriter,
    RewritePatternSet,
    TypeConverter,
    apply_full_conversion,
    apply_partial_conversion,
    apply_patterns_and_fold_greedily,
    walk_and_apply_patterns,
)

__all__ = [
    "ConversionConfig",
    "ConversionPatternRewriter",
    "ConversionTarget",
    "DialectConversionFoldingMode",
    "FrozenRewritePatternSet",
    "GreedyRewriteConfig",
    "GreedyRewriteStrictness",
    "GreedySimplifyRegionLevel",
    "PDLModule",
    "PDLResultList",
    "PatternRewriter",
    "RewritePatternSet",
    "TypeConverter",
    "apply_full_conversion",
    "apply_partial_conversion",
    "apply_patterns_and_fold_greedily",
    "walk_and_apply_patterns",
]
