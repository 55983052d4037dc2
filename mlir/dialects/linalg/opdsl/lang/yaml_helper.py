"""YAML output of op descriptions.

The classes of the op description derive from ``YAMLObject``: each has a
``yaml_tag`` and turns itself into a plain dict (``to_yaml_custom_dict``)
that is written as a tagged mapping, keys in insertion order. Strings of
several lines are written as literal blocks (``|``).

PyYAML is needed for dumping only, and imported then; the dumper used is a
private subclass of ``yaml.Dumper``, so importing this module changes
nothing in PyYAML's global configuration.
"""

import sys

__all__ = [
    "yaml_dump",
    "yaml_dump_all",
    "YAMLObject",
]


class YAMLObject:
    """Base of the objects written as tagged YAML mappings."""

    yaml_tag = None

    @classmethod
    def to_yaml(cls, dumper, self):
        """Represents `self` with `dumper`: the mapping of
        ``to_yaml_custom_dict()`` under ``cls.yaml_tag``."""
        return dumper.represent_mapping(cls.yaml_tag, self.to_yaml_custom_dict())

    def to_yaml_custom_dict(self):
        """The dict written for this object (subclasses define it)."""
        raise NotImplementedError(type(self).__name__)

    def as_linalg_yaml(self):
        """This object as a YAML document (text)."""
        return yaml_dump(self)


def multiline_str_representer(dumper, data):
    """Represents `data` as a literal block (``|``) when it has several
    lines, as a plain scalar otherwise."""
    style = "|" if len(data.splitlines()) > 1 else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_DUMPER = None


def _dumper():
    global _DUMPER
    if _DUMPER is None:
        try:
            import yaml
        except ModuleNotFoundError as e:
            raise ModuleNotFoundError(
                "Dumping OpDSL op descriptions needs PyYAML, which is not "
                f"installed (try: {sys.executable} -m pip install PyYAML)"
            ) from e

        class Dumper(yaml.Dumper):
            pass

        def represent_object(dumper, obj):
            return type(obj).to_yaml(dumper, obj)

        Dumper.add_representer(str, multiline_str_representer)
        Dumper.add_multi_representer(YAMLObject, represent_object)
        _DUMPER = Dumper
    return _DUMPER


def yaml_dump(data, sort_keys=False, **kwargs):
    """`data` (op description objects, plain containers) as YAML text;
    keyword arguments go to ``yaml.dump``."""
    kwargs.setdefault("Dumper", _dumper())
    import yaml
    return yaml.dump(data, sort_keys=sort_keys, **kwargs)


def yaml_dump_all(data, sort_keys=False, explicit_start=True, **kwargs):
    """The items of `data` as a stream of YAML documents, each starting
    with ``---``; keyword arguments go to ``yaml.dump_all``."""
    kwargs.setdefault("Dumper", _dumper())
    import yaml
    return yaml.dump_all(data, sort_keys=sort_keys,
                         explicit_start=explicit_start, **kwargs)
