<?php
/**
 * The editor script's dependencies (WordPress reads this beside block/editor.js; no build writes it).
 *
 * @package elo-calculator
 */

return array(
	'dependencies' => array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render' ),
	'version'      => '1',
);
