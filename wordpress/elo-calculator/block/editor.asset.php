<?php
/**
 * The editor script's dependencies (WordPress reads this beside block/editor.js; no build writes it),
 * and its version: its content's, so that an update's editor.js reaches a browser that kept the last.
 *
 * @package elo-calculator
 */

return array(
	'dependencies' => array( 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render' ),
	'version'      => substr( (string) md5_file( __DIR__ . '/editor.js' ), 0, 12 ),
);
