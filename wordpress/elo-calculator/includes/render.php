<?php
/**
 * The calculator on a page: the <elo-calculator> element and the loader (embed.js), for the
 * shortcode and the block alike. This is all the PHP a visitor meets: the calculation itself runs
 * in the visitor's browser, from static files the web server sends without PHP.
 *
 * @package elo-calculator
 */

defined( 'ABSPATH' ) || exit;

/**
 * The folder the calculator is served from, ending in "/": the plugin's own copy (site/), or the
 * other copy the settings name.
 *
 * @return string
 */
function elo_calculator_base_url() {
	$copy = elo_calculator_copy_in_use();
	return '' === $copy ? plugins_url( 'site/', ELO_CALCULATOR_FILE ) : $copy;
}

/**
 * Enqueue the loader, in the footer, on this page only. Called while the page's content is
 * rendered, so a page without the calculator never loads it.
 */
function elo_calculator_enqueue_loader() {
	// The plugin's version in the address: embed.js is revalidated on every visit anyway (no-cache).
	wp_enqueue_script( 'elo-calculator-embed', elo_calculator_base_url() . 'embed.js', array(), ELO_CALCULATOR_VERSION, true );
}

/**
 * The element for a shortcode's or a block's attributes: the site's defaults (Settings, Elo
 * calculator) under the author's own values, each validated as embed.js validates it.
 *
 * @param array<string, mixed> $given    The author's attributes.
 * @param string               $fallback What a visitor sees until the calculator is ready (HTML);
 *                                       empty: a link that opens the calculator in a new tab.
 * @return string
 */
function elo_calculator_render( $given, $fallback = '' ) {
	$given = array_filter( (array) $given, 'elo_calculator_given' );
	if ( isset( $given['ladder'] ) ) {
		$ladder = elo_calculator_ladder( is_scalar( $given['ladder'] ) ? trim( (string) $given['ladder'] ) : '' );
		if ( ! $ladder ) {
			return '<p class="elo-calculator-missing">' . esc_html__( 'This ladder is no longer kept on this site.', 'elo-calculator' ) . '</p>';
		}
		// The author's rules and heading go over the ladder's; its view and files are the ladder's own.
		$kept  = elo_calculator_ladder_attributes( $ladder );
		$given = array_merge( $kept, $given, array_intersect_key( $kept, array_flip( array( 'view', 'src', 'players' ) ) ) );
	}
	$defaults = array_intersect_key( elo_calculator_settings(), array_flip( array( 'system', 'lang', 'theme', 'accent' ) ) );
	// lang="auto" (the snippet builder's "Visitor's browser"): the visitor's language, whatever the site's default.
	if ( isset( $given['lang'] ) && is_scalar( $given['lang'] ) && 'auto' === strtolower( trim( (string) $given['lang'] ) ) ) {
		unset( $given['lang'] );
		$defaults['lang'] = '';
	}
	$attrs    = elo_calculator_clean_attributes( array_merge( $defaults, $given ) );
	elo_calculator_enqueue_loader();

	$html = '<elo-calculator';
	foreach ( $attrs as $name => $value ) {
		$html .= ' ' . $name . '="' . esc_attr( $value ) . '"';
	}
	$fallback = trim( (string) $fallback );
	if ( '' === $fallback ) {
		// The calculator's page alone takes no file (only the loader fetches them, in the club's page).
		$query    = http_build_query( array_diff_key( $attrs, array_flip( array( 'id', 'src', 'players' ) ) ), '', '&', PHP_QUERY_RFC3986 );
		$url      = elo_calculator_base_url() . 'widget/' . ( '' === $query ? '' : '?' . $query );
		$fallback = '<a href="' . esc_url( $url ) . '" target="_blank" rel="noopener">'
			. esc_html__( 'Open the Elo rating calculator', 'elo-calculator' ) . '</a>';
	} else {
		$fallback = wp_kses_post( $fallback );
	}
	return $html . '>' . $fallback . '</elo-calculator>';
}

/**
 * The element's attributes for a ladder kept on the site: the ladder view, its name as the heading,
 * its rules, and its two static files.
 *
 * @param array<string, mixed> $ladder The ladder.
 * @return array<string, string>
 */
function elo_calculator_ladder_attributes( $ladder ) {
	return array_merge( $ladder['rules'], array(
		'view'    => 'ladder',
		'heading' => mb_substr( $ladder['name'], 0, 80, 'UTF-8' ),
		'src'     => elo_calculator_ladder_url( $ladder, 'games.csv' ),
		'players' => elo_calculator_ladder_url( $ladder, 'players.csv' ),
	) );
}

/**
 * Whether an author gave an attribute a value (an empty one leaves the site's default).
 *
 * @param mixed $value The attribute's value.
 * @return bool
 */
function elo_calculator_given( $value ) {
	return is_scalar( $value ) && '' !== trim( (string) $value );
}

/**
 * [elo_calculator system="fide" lang="de"]Text until it is ready[/elo_calculator]; [elo_calculator
 * ladder="<slug>"] for a ladder kept on the site (ladders.php). A value's HTML entities are read as their characters:
 * the snippet builder writes so what WordPress's parser would otherwise take (`&#91;` for a bracket, `&#92;` for a
 * backslash, `&lt;`, `&quot;`), as the Shortcode API recommends.
 *
 * @param array<string, string>|string $atts    The shortcode's attributes ('' when it has none).
 * @param string|null                  $content The enclosed text: the fallback.
 * @return string
 */
function elo_calculator_shortcode( $atts, $content = null ) {
	$atts = is_array( $atts ) ? $atts : array();
	foreach ( $atts as $name => $value ) {
		if ( is_string( $value ) ) {
			$atts[ $name ] = html_entity_decode( $value, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		}
	}
	$atts = shortcode_atts( array_fill_keys( array_merge( elo_calculator_attribute_names(), array( 'ladder' ) ), '' ), $atts, 'elo_calculator' );
	return elo_calculator_render( $atts, null === $content ? '' : do_shortcode( $content ) );
}

/**
 * The block's server-side render: the same element as the shortcode.
 *
 * @param array<string, mixed> $attributes The block's attributes (block.json).
 * @return string
 */
function elo_calculator_render_block( $attributes ) {
	$fallback = isset( $attributes['fallback'] ) ? esc_html( (string) $attributes['fallback'] ) : '';
	return elo_calculator_render( $attributes, $fallback );
}
