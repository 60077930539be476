// The "Elo calculator" block in the editor: its options in the block's sidebar and, in the page,
// a live preview rendered by the server through the shortcode's own function (ServerSideRender),
// which the loader (enqueued for the editor too) turns into the real calculator. Plain JavaScript
// on WordPress's globals: nothing to build. Texts and choices come from PHP (includes/block.php),
// translated there with the plugin's .mo files.
(function (wp, editor) {
  "use strict";
  var el = wp.element.createElement;
  var InspectorControls = wp.blockEditor.InspectorControls;
  var useBlockProps = wp.blockEditor.useBlockProps;
  var PanelBody = wp.components.PanelBody;
  var SelectControl = wp.components.SelectControl;
  var TextControl = wp.components.TextControl;
  var ServerSideRender = wp.serverSideRender;
  var texts = editor.texts;

  /** A choice's options for SelectControl, in PHP's order. */
  function options(name) {
    return Object.keys(editor.choices[name]).map(function (value) {
      return { value: value, label: editor.choices[name][value] };
    });
  }

  /** One labelled control of the sidebar for attribute `name`. */
  function control(props, name) {
    var common = {
      key: name,
      label: texts[name],
      value: props.attributes[name],
      onChange: function (value) {
        var change = {};
        change[name] = value;
        props.setAttributes(change);
      },
    };
    if (editor.choices[name]) return el(SelectControl, Object.assign(common, { options: options(name) }));
    return el(TextControl, common);
  }

  wp.blocks.registerBlockType("elo-calculator/calculator", {
    edit: function (props) {
      var names = ["view", "src", "players", "system", "lang", "theme", "accent", "font", "k", "rating", "id", "fallback"];
      return el(
        "div",
        useBlockProps(),
        el(InspectorControls, null,
          el(PanelBody, { title: texts.options, initialOpen: true },
            names.map(function (name) { return control(props, name); }))),
        el(ServerSideRender, { block: "elo-calculator/calculator", attributes: props.attributes })
      );
    },
    save: function () {
      return null; // rendered on the server, with the site's current defaults
    },
  });
})(window.wp, window.eloCalculatorEditor);
