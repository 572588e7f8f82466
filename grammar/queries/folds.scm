; Fold regions, multi-line dictionaries and the bodies of multi-line ops.
[
  (region)
  (attribute_dict)
  (block)
  (type_parameters)
] @fold
