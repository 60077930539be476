// The "Elo calculator" block in the editor: its options in the block's sidebar and, in the page,
// a live preview rendered by the server through the shortcode's own function (ServerSideRender),
// which the loader (enqueued for the editor too) turns into the real calculator. Plain JavaScript
// on WordPress's globals: nothing to build. The fields of each view, the choices and the texts come
// from PHP (includes/block.php, elo_calculator_editor_config), translated there with the plugin's .mo files.
(function (wp, editor) {
  "use strict";
  var el = wp.element.createElement;
  var InspectorControls = wp.blockEditor.InspectorControls;
  var useBlockProps = wp.blockEditor.useBlockProps;
  var useSetting = wp.blockEditor.useSetting;
  var BaseControl = wp.components.BaseControl;
  var ColorPalette = wp.components.ColorPalette;
  var PanelBody = wp.components.PanelBody;
  var SelectControl = wp.components.SelectControl;
  var TextControl = wp.components.TextControl;
  var ServerSideRender = wp.serverSideRender;
  var texts = editor.texts;
  // The colours embed.js takes from a picker (#abc, #aabbcc): a theme's others (var(), rgba()) are left out.
  var HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
  var BLUE = "#1f5fbf"; // the calculator's own accent

  /** The fields a view shows (PHP's list; the calculator's for any other view). */
  function viewFields(view) {
    return editor.views[view] || editor.views[""];
  }

  /** A choice's options for SelectControl, in PHP's order; a system's are those of the block's view. */
  function options(name, view) {
    var choices = name === "system" ? editor.systems[view] || editor.systems[""] : editor.choices[name];
    return Object.keys(choices).map(function (value) {
      return { value: value, label: choices[value] };
    });
  }

  /**
   * Another view: the fields it does not show are emptied (a hidden value would still reach the page),
   * and a system it does not offer.
   */
  function changeView(props, view) {
    var shown = viewFields(view).concat(editor.common, editor.always);
    var change = { view: view };
    Object.keys(props.attributes).forEach(function (name) {
      if (name !== "view" && shown.indexOf(name) < 0 && props.attributes[name] !== "") change[name] = "";
    });
    if (!Object.prototype.hasOwnProperty.call(editor.systems[view] || editor.systems[""], props.attributes.system)) {
      change.system = "";
    }
    props.setAttributes(change);
  }

  /** The theme's palette (whichever origin the editor gives), as a list. */
  function themeColours(palette) {
    if (Array.isArray(palette)) return palette;
    if (!palette) return [];
    return [].concat(palette.custom || [], palette.theme || [], palette.default || []);
  }

  /** The accent: the calculator's blue and the theme's colours, or any other from the picker. */
  function accentControl(props, palette) {
    var colours = [{ name: texts.accentBlue, color: BLUE }].concat(themeColours(palette).filter(function (c) {
      return c && typeof c.color === "string" && HEX.test(c.color) && c.color.toLowerCase() !== BLUE;
    }));
    return el(BaseControl, { key: "accent" },
      el(BaseControl.VisualLabel, { id: "elo-calculator-accent-label" }, texts.accent),
      el(ColorPalette, {
        role: "group",
        "aria-labelledby": "elo-calculator-accent-label",
        colors: colours,
        value: props.attributes.accent || undefined,
        clearable: true,
        onChange: function (value) {
          props.setAttributes({ accent: value || "" });
        },
      }));
  }

  /** One labelled control of the sidebar for attribute `name`. */
  function control(props, name, palette) {
    if (name === "accent") return accentControl(props, palette);
    var common = {
      key: name,
      label: texts[name],
      value: props.attributes[name],
      onChange: function (value) {
        if (name === "view") return changeView(props, value);
        var change = {};
        change[name] = value;
        props.setAttributes(change);
      },
    };
    if (name === "system" || editor.choices[name]) {
      return el(SelectControl, Object.assign(common, { options: options(name, props.attributes.view) }));
    }
    return el(TextControl, Object.assign(common, { type: editor.inputs[name] || "text" }));
  }

  wp.blocks.registerBlockType("elo-calculator/calculator", {
    edit: function (props) {
      var palette = useSetting("color.palette");
      var shown = ["view"].concat(viewFields(props.attributes.view), editor.always);
      return el(
        "div",
        useBlockProps(),
        el(InspectorControls, null,
          el(PanelBody, { title: texts.options, initialOpen: true },
            shown.map(function (name) { return control(props, name, palette); })),
          el(PanelBody, { title: texts.look, initialOpen: true },
            editor.common.map(function (name) { return control(props, name, palette); }))),
        el(ServerSideRender, { block: "elo-calculator/calculator", attributes: props.attributes })
      );
    },
    save: function () {
      return null; // rendered on the server, with the site's current defaults
    },
  });
})(window.wp, window.eloCalculatorEditor);
