<?php
/**
 * The element's attributes, validated as embed/embed.js validates them (its `allowed` and its
 * static options()): the same names, the same allowed values, the same limits. A value that
 * embed.js would ignore is left out here too, so the page holds only what the calculator uses.
 * Plain PHP without WordPress, so that a test can run it beside embed.js's own rules.
 *
 * @package elo-calculator
 */

defined( 'ELO_CALCULATOR_STANDALONE' ) || defined( 'ABSPATH' ) || exit;

/**
 * What elo_core and the widget say (the release writes contract.php from elo_core's registry and
 * widget/i18n; this source holds no second copy): its `systems`, `languages` and `views`.
 *
 * @param string $part One of them.
 * @return array<string, mixed>
 */
function elo_calculator_contract( $part ) {
	static $contract = null;
	if ( null === $contract ) {
		$file     = __DIR__ . '/contract.php';
		$contract = is_readable( $file ) ? require $file : array();
	}
	return isset( $contract[ $part ] ) ? $contract[ $part ] : array();
}

/**
 * The rating systems the calculator offers (the default first), from elo_core's registry, each labelled in the
 * user's language where the widget has one (widget/i18n/systems), else in English.
 *
 * @return array<string, string> Each system's name and its label.
 */
function elo_calculator_systems() {
	$labels = elo_calculator_contract( 'system_labels' );
	$lang   = substr( function_exists( 'get_user_locale' ) ? get_user_locale() : 'en', 0, 2 );
	return array_replace( elo_calculator_contract( 'systems' ), isset( $labels[ $lang ] ) ? array_intersect_key( $labels[ $lang ], elo_calculator_contract( 'systems' ) ) : array() );
}

/**
 * The rating systems a view offers, the view's default first: the report's and the ladder's from what
 * each system declares it can do (elo_core.systems.by_view, written into contract.php); the calculator
 * (any other view) offers every system.
 *
 * @param string $view The element's view ('' for the calculator).
 * @return array<string, string> Each system's name and its label.
 */
function elo_calculator_view_systems( $view ) {
	$views   = elo_calculator_contract( 'views' );
	$systems = elo_calculator_systems();
	if ( ! isset( $views[ $view ] ) ) {
		return $systems;
	}
	$offered = array();
	foreach ( $views[ $view ] as $name ) {
		if ( isset( $systems[ $name ] ) ) {
			$offered[ $name ] = $systems[ $name ];
		}
	}
	return $offered;
}

/**
 * The languages the calculator's texts come in (widget/i18n), also from contract.php.
 *
 * @return array<string, string> Each language's code and its own name.
 */
function elo_calculator_languages() {
	return elo_calculator_contract( 'languages' );
}

/**
 * JavaScript's String.prototype.trim(): every white space and line terminator it removes, not only
 * PHP's trim() list (no-break space, the byte order mark, the Unicode spaces).
 *
 * @param string $value A value as typed.
 * @return string|null The trimmed value, or null when it is not UTF-8 (a browser never sends that).
 */
function elo_calculator_js_trim( $value ) {
	$space   = '[\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]';
	$trimmed = preg_replace( '/^' . $space . '+|' . $space . '+$/Du', '', $value );
	return is_string( $trimmed ) ? $trimmed : null;
}

/**
 * Whether embed.js accepts a value of one attribute (embed.js's `allowed`, from elo_core's table of the
 * element's patterns, vocabulary.ATTRIBUTES, which the release writes into contract.php with \z for $:
 * PHP's $ also matches before a final newline, JavaScript's not; `id` is the element's own, which the
 * calculator uses to keep its entries only when it is a plain one: instanceName()).
 *
 * @param string $name  The attribute.
 * @param string $value Its trimmed value.
 * @return bool
 */
function elo_calculator_accepts( $name, $value ) {
	switch ( $name ) {
		case 'system':
			return array_key_exists( $value, elo_calculator_systems() );
		case 'src':
		case 'players':
			return elo_calculator_file_address( $value );
		case 'id':
			return 1 === preg_match( '/^[A-Za-z0-9_.-]{1,64}\z/', $value );
	}
	// The others by elo_core's one table of the element's patterns (contract.php: embed.js and the widget
	// check the same): languages, colours, font, numbers, the view, its heading, the ladder's rules...
	$patterns = elo_calculator_contract( 'attributes' );
	return isset( $patterns[ $name ] ) && 1 === preg_match( $patterns[ $name ], $value );
}

/**
 * Whether a file's address (`src`, `players`: a tournament report or a club's results file) is one
 * embed.js can fetch: relative to the page (uploads/ladder.csv, /files/open.trf) or http(s); no
 * other scheme (javascript:, data:), nothing that could leave the attribute, at most 2048 bytes.
 * (embed.js itself takes any text and says in the frame why an address could not be fetched.)
 *
 * @param string $value The trimmed address.
 * @return bool
 */
function elo_calculator_file_address( $value ) {
	if ( strlen( $value ) > 2048 || 1 !== preg_match( '/^[^\x00-\x1F\x7F"<>\\\\`]+\z/', $value ) ) {
		return false;
	}
	return 1 !== preg_match( '/^[a-z][a-z0-9+.-]*:/i', $value ) || 1 === preg_match( '/^https?:\/\//i', $value );
}

/**
 * The element's attribute names, in embed.js's order (its observedAttributes: `allowed`, then the files),
 * then the element's id. The shortcode takes them as they are, hyphens included ([elo_calculator
 * inactive-months="6"]: WordPress reads a shortcode's attribute names as [\w-]+).
 *
 * @return string[]
 */
function elo_calculator_attribute_names() {
	return array( 'system', 'lang', 'theme', 'accent', 'font', 'k', 'rating', 'view', 'heading', 'start', 'first-k', 'first-games', 'cap-400', 'period', 'provisional', 'inactive-months', 'since', 'preset', 'home-advantage', 'margin', 'season-regression', 'season-mean', 'season-start', 'pool', 'overrides', 'norm-exempt', 'norm-games', 'norm-rounds', 'language-menu', 'src', 'players', 'id' );
}

/**
 * The attributes embed.js would use, from what an author wrote (a shortcode's or a block's): each
 * trimmed, kept only when accepted; anything else left out, never an error on the visitor's page.
 *
 * @param array<string, mixed> $given Attributes by name (others are ignored).
 * @return array<string, string> The accepted ones, in elo_calculator_attribute_names()'s order.
 */
function elo_calculator_clean_attributes( $given ) {
	$clean = array();
	foreach ( elo_calculator_attribute_names() as $name ) {
		if ( ! isset( $given[ $name ] ) || ! is_scalar( $given[ $name ] ) ) {
			continue;
		}
		$value = elo_calculator_js_trim( (string) $given[ $name ] );
		if ( null === $value || '' === $value ) {
			continue;
		}
		// A known value in any letter case (system="FIDE", theme="Dark"), as embed.js takes it; never an address or an id.
		$lower = in_array( $name, array( 'src', 'players', 'id' ), true ) ? $value : strtolower( $value );
		if ( elo_calculator_accepts( $name, $value ) ) {
			$clean[ $name ] = $value;
		} elseif ( elo_calculator_accepts( $name, $lower ) ) {
			$clean[ $name ] = $lower;
		}
	}
	return $clean;
}
